import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Prose } from '@/components/info/prose';
import { loadPlanOptions, preselectedId, queryValue } from '@/components/pricing/load-plans';
import { PlanCard } from '@/components/pricing/plan-card';
import { PlanComparison } from '@/components/pricing/plan-comparison';
import { PlansUnavailable } from '@/components/pricing/plans-unavailable';
import { sameAddress } from '@/components/pricing/same-address';
import { JsonLd } from '@/components/seo/json-ld';
import { Accordion } from '@/components/ui/accordion';
import { Container } from '@/components/ui/container';
import { ArrowIcon, ShieldIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { absoluteUrl } from '@/lib/seo/metadata';
import { offers } from '@/lib/site';
import { config } from '@/server/config';
import { loadFaq } from '@/server/content/load';
import { readForPage } from '@/server/db/page-read';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the plans come from the database catalogue of the visitor's channel.
export const dynamic = 'force-dynamic';

type PricingProps = LocaleParams & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

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
  const query = await searchParams;
  const [text, t, catalogue] = await Promise.all([
    pageText(locale, 'pricing'),
    getTranslations({ locale, namespace: 'Pricing' }),
    readForPage('pricing', loadPlanOptions(locale, queryValue(query.channel))),
  ]);
  // While the database is down the page keeps everything but the plans (no prices are made up).
  const plans = catalogue.available ? catalogue.value : [];
  const selected = preselectedId(plans, queryValue(query.plan));
  const values = claimValues(locale);
  const currencies = [...new Set(plans.map((plan) => plan.currency))];
  const faq = loadFaq(locale);
  const faqEntries = faqIds.flatMap((id) => faq.entries.filter((entry) => entry.id === id));

  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <section aria-labelledby="plans-title" className="pb-12 sm:pb-16">
        <Container>
          <h2 id="plans-title" className="sr-only">
            {t('plansTitle')}
          </h2>
          <p className="pt-8 text-slate-700">{t('plansLede')}</p>
          {!catalogue.available ? (
            <PlansUnavailable
              locale={locale}
              retryHref={sameAddress(locale, '/pricing', query)}
              className="mt-6"
            />
          ) : plans.length > 0 ? (
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  locale={locale}
                  plan={plan}
                  selected={plan.id === selected}
                />
              ))}
            </ul>
          ) : (
            <p role="status" className="mt-6 rounded-xl bg-amber-50 p-4 text-warning-700">
              {t('noPlans')}
            </p>
          )}
          {catalogue.available ? (
            <p className="mt-4 text-sm text-slate-600">
              {currencies.length === 1
                ? t('currencyNote', { currency: currencies[0] ?? '' })
                : t('payWithPayPal')}
            </p>
          ) : null}
          <div className="mt-8 flex flex-col gap-4 rounded-(--radius-card) bg-accent-50 p-5 sm:flex-row sm:items-center sm:p-6">
            <ShieldIcon size={40} className="shrink-0 text-accent-700" />
            <div className="flex-1">
              <h2 className="text-xl font-bold">{t('moneyBack.title', values)}</h2>
              <p className="mt-1 text-slate-700">{t('moneyBack.text', values)}</p>
            </div>
            <Link
              href="/money-back-guarantee"
              className="inline-flex items-center gap-1 font-semibold text-accent-700 underline"
            >
              {t('moneyBack.link')}
              <ArrowIcon size={18} />
            </Link>
          </div>
        </Container>
      </section>
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
