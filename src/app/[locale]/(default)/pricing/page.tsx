import { getTranslations } from 'next-intl/server';
import { headingPage } from '@/components/layout/page-shell';
import { JsonLd } from '@/components/seo/json-ld';
import { absoluteUrl } from '@/lib/seo/metadata';
import { offers } from '@/lib/site';
import { config } from '@/server/config';

// Structured data of spec 9: 4 offers from 4.17 to 11.99 USD a month, rated 4.8 of 5.
const page = headingPage('/pricing', 'pricing', {
  extra: async (locale) => {
    const meta = await getTranslations({ locale, namespace: 'Meta' });
    const pages = await getTranslations({ locale, namespace: 'Pages' });
    return (
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${meta('siteName')} Premium`,
          description: pages('home.heading'),
          brand: { '@type': 'Brand', name: meta('siteName') },
          url: absoluteUrl(config().SITE_URL, locale, '/pricing'),
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: offers.currency,
            lowPrice: offers.lowPrice,
            highPrice: offers.highPrice,
            offerCount: offers.offerCount,
          },
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: offers.ratingValue,
            bestRating: offers.bestRating,
            ratingCount: offers.ratingCount,
          },
        }}
      />
    );
  },
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
