import { setRequestLocale } from 'next-intl/server';
import { LogoLink } from '@/components/layout/logo-link';
import { ReturnPage } from '@/components/pricing/return-page';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/win-pay-result', await pageText(locale, 'winPayResult'));
}

// Where PayPal returns a purchase made in the Windows app (`?order=…`): completes it with the
// app's token kept by /win-pay in this tab, and sends the buyer back to the app.
export default async function WinPayResultPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'winPayResult');
  return (
    <ReturnPage locale={locale} heading={text.heading} variant="windows" before={<LogoLink />} />
  );
}
