import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Prose } from '@/components/info/prose';
import { type PageQuery, PlanCatalogue } from '@/components/pricing/plan-catalogue';
import { PlanComparison } from '@/components/pricing/plan-comparison';
import { JsonLd } from '@/components/seo/json-ld';
import { Accordion } from '@/components/ui/accordion';
import { ArrowIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';
import { absoluteUrl } from '@/lib/seo/metadata';
import { offers } from '@/lib/site';
import { config } from '@/server/config';
import { loadFaq } from '@/server/content/load';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';
import { failIfInjected } from '@/server/test-failures';

// Rendered per request: the plans come from the database catalogue of the visitor's channel.
export const dynamic = 'force-dynamic';

type PricingProps = LocaleParams & { searchParams: Promise<PageQuery> };

/** The FAQ entries about buying (content/info/<locale>/faq.md ids). */
const faqIds = ['premium', 'payment', 'money-back', 'devices'];

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/pricing', await pageText(locale, 'pricing'));
}

// Structured data of spec 9: 4 offers from 4.17 to 11.99 USD a month, rated 4.8 of 5.
async function PricingJsonLd({ locale }: { locale: Locale }) {
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
}

export default async function PricingPage({ params, searchParams }: PricingProps) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  failIfInjected('page');
  const query = await searchParams;
  const [text, t] = await Promise.all([
    pageText(locale, 'pricing'),
    getTranslations({ locale, namespace: 'Pricing' }),
  ]);
  const faq = loadFaq(locale);
  const faqEntries = faqIds.flatMap((id) => faq.entries.filter((entry) => entry.id === id));

  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <PlanCatalogue locale={locale} path="/pricing" query={query} />
      <Section id="compare" tone="tint" title={t('compare.title')} lede={t('compare.lede')}>
        <PlanComparison locale={locale} />
      </Section>
      {faqEntries.length > 0 ? (
        <Section
          id="pricing-faq"
          title={t('faq.title')}
          action={
            <Link
              href="/faq"
              className="inline-flex items-center gap-1 font-semibold text-accent-700"
            >
              {t('faq.all')}
              <ArrowIcon size={18} />
            </Link>
          }
        >
          <Accordion
            className="max-w-3xl"
            lang={faq.lang}
            dir={faq.dir}
            items={faqEntries.map((entry) => ({
              id: `faq-${entry.id}`,
              title: entry.question,
              content: <Prose html={entry.answerHtml} size="base" />,
            }))}
          />
        </Section>
      ) : null}
      <PricingJsonLd locale={locale} />
    </>
  );
}
