import { setRequestLocale } from 'next-intl/server';
import { CheckoutPage } from '@/components/pricing/checkout-page';
import { sameAddress } from '@/components/pricing/same-address';
import { queryValue } from '@/server/plans/load-plans';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the plans of the visitor's channel and the signed-in account.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/pricing/checkout', await pageText(locale, 'checkout'));
}

export default async function CheckoutRoute({
  params,
  searchParams,
}: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const query = await searchParams;
  return (
    <CheckoutPage
      locale={locale}
      queryPlan={queryValue(query.plan)}
      channel={queryValue(query.channel)}
      retryHref={sameAddress(locale, '/pricing/checkout', query)}
    />
  );
}
