import { setRequestLocale } from 'next-intl/server';
import { CheckoutPage } from '@/components/pricing/checkout-page';
import { sameAddress } from '@/components/pricing/same-address';
import { queryValue } from '@/server/plans/load-plans';
import { localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request. A plan id the catalogue does not have shows the checkout with the
// recommended plan and a note (not a 404: the id may be a plan that was just retired).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// One canonical (and noindex) checkout, whatever plan the address names.
export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/pricing/checkout', await pageText(locale, 'checkout'));
}

export default async function CheckoutPlanRoute({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [{ id }, query] = await Promise.all([params, searchParams]);
  let planId: string;
  try {
    planId = decodeURIComponent(id);
  } catch {
    planId = id;
  }
  return (
    <CheckoutPage
      locale={locale}
      pathPlan={planId}
      queryPlan={queryValue(query.plan)}
      channel={queryValue(query.channel)}
      retryHref={sameAddress(locale, `/pricing/checkout/${encodeURIComponent(planId)}`, query)}
    />
  );
}
