import { setRequestLocale } from 'next-intl/server';
import { WindowsPayPage } from '@/components/pricing/windows-pay-page';
import { queryValue } from '@/server/plans/load-plans';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the plans of the app's channel (`?channel=`, `?plan=` preselects).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/win-pay/native', await pageText(locale, 'winPayNative'));
}

// Opened by the Windows app with a one-time code (`?code=…`, exchanged in the browser: win-token.ts). PayPal opens in this window (the app's embedded browser cannot open windows) and comes back to /win-pay-result.
export default async function WinPayNativePage({
  params,
  searchParams,
}: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const query = await searchParams;
  return (
    <WindowsPayPage
      locale={locale}
      textKey="winPayNative"
      mode="windows-native"
      queryPlan={queryValue(query.plan)}
      channel={queryValue(query.channel)}
    />
  );
}
