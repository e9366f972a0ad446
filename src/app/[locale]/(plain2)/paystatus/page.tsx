import { setRequestLocale } from 'next-intl/server';
import { ReturnPage } from '@/components/pricing/return-page';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/paystatus', await pageText(locale, 'paystatus'));
}

// Where PayPal returns (`?order=…`, `&cancel=1` when the buyer gave up): completes the payment.
export default async function PayStatusPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'paystatus');
  return <ReturnPage locale={locale} heading={text.heading} variant="site" />;
}
