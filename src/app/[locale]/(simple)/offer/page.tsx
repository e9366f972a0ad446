import { setRequestLocale } from 'next-intl/server';
import { OfferCard } from '@/components/info/offer-card';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/offer', await pageText(locale, 'offer'));
}

export default async function OfferPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'offer');
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <OfferCard locale={locale} />
      </Container>
    </>
  );
}
