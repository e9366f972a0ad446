import { getTranslations } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { ArrowIcon, ShieldIcon } from '@/components/ui/icons';
import { Link } from '@/i18n/navigation';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { readForPage } from '@/server/db/page-read';
import { loadPlanOptions, preselectedId, queryValue } from '@/server/plans/load-plans';
import { PlanCard } from './plan-card';
import { PlansUnavailable } from './plans-unavailable';
import { sameAddress } from './same-address';

export type PageQuery = Record<string, string | string[] | undefined>;

/**
 * The plan cards of the visitor's channel (from the database catalogue), the currency they are
 * charged in and the money-back guarantee: /pricing and /pricing/standplan. While the database
 * is down the cards give way to a notice with a retry link (no prices are made up).
 */
export async function PlanCatalogue({
  locale,
  path,
  query,
}: {
  locale: Locale;
  /** The page's own path, for the retry link. */
  path: string;
  query: PageQuery;
}) {
  const [t, catalogue] = await Promise.all([
    getTranslations({ locale, namespace: 'Pricing' }),
    readForPage('pricing', loadPlanOptions(locale, queryValue(query.channel))),
  ]);
  const plans = catalogue.available ? catalogue.value : [];
  const selected = preselectedId(plans, queryValue(query.plan));
  const values = claimValues(locale);
  const currencies = [...new Set(plans.map((plan) => plan.currency))];
  return (
    <section aria-labelledby="plans-title" className="pb-12 sm:pb-16">
      <Container>
        <h2 id="plans-title" className="sr-only">
          {t('plansTitle')}
        </h2>
        <p className="pt-8 text-slate-700">{t('plansLede')}</p>
        {!catalogue.available ? (
          <PlansUnavailable
            locale={locale}
            retryHref={sameAddress(locale, path, query)}
            className="mt-6"
          />
        ) : plans.length > 0 ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {plans.map((plan) => (
              <PlanCard key={plan.id} locale={locale} plan={plan} selected={plan.id === selected} />
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
  );
}
