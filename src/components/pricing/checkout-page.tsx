import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { planNameMessages } from '@/lib/plans/plan-option';
import { pageSession } from '@/server/account/page-session';
import { getDb } from '@/server/db/client';
import { readForPage } from '@/server/db/page-read';
import { nextRenewalOf } from '@/server/payments/account-payments';
import { loadPlans, preselectedId } from '@/server/plans/load-plans';
import { pageText } from '@/server/seo/page-metadata';
import { Container } from '../ui/container';
import { ShieldIcon } from '../ui/icons';
import { CheckoutFlow } from './checkout-flow';
import { PlansUnavailable } from './plans-unavailable';

/**
 * The site's checkout (/pricing/checkout and /pricing/checkout/{id}), rendered per request:
 * the plans of the visitor's channel, the plan of the address (`{id}`, else `?plan=`, else the
 * recommended one) and the signed-in account. Only the purchase steps are a client island.
 * While the database cannot be reached the page keeps its heading and trust notes and shows,
 * in place of the purchase steps, that plans cannot be loaded, with a link to `retryHref`.
 */
export async function CheckoutPage({
  locale,
  pathPlan,
  queryPlan,
  channel,
  retryHref,
}: {
  locale: Locale;
  pathPlan?: string;
  queryPlan?: string;
  channel?: string;
  /** This page's address with its query, for the retry link of the database outage notice. */
  retryHref: string;
}) {
  const [text, t, catalogue, session, messages] = await Promise.all([
    pageText(locale, 'checkout'),
    getTranslations({ locale, namespace: 'Checkout' }),
    readForPage('checkout', loadPlans(locale, channel)),
    readForPage('checkout', pageSession()),
    getMessages({ locale }),
  ]);
  const available = catalogue.available && session.available;
  const plans = catalogue.available ? catalogue.value.options : [];
  const source = catalogue.available ? catalogue.value.source : { plans: [] };
  const auth = session.available ? session.value : null;
  // A subscriber whose plan renews is told how to change it from the renewal instead.
  const renewal = auth
    ? await readForPage('checkout', nextRenewalOf(getDb().db, auth.user.id))
    : undefined;
  const renewsAt = renewal?.available ? renewal.value?.toISOString() : undefined;
  const named = pathPlan
    ? plans.find((plan) => plan.id === pathPlan || plan.productId === pathPlan)
    : undefined;
  const initialPlanId = named?.id ?? preselectedId(plans, queryPlan) ?? '';
  const values = claimValues(locale);
  const trust = [
    {
      key: 'moneyBack',
      title: t('trust.moneyBack', values),
      text: t('trust.moneyBackText', values),
    },
    { key: 'paypal', title: t('trust.paypal'), text: t('trust.paypalText') },
    { key: 'apps', title: t('trust.apps'), text: t('trust.appsText') },
  ];
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{text.heading}</h1>
          <p className="mt-2 text-slate-600">{t('lede')}</p>
          <div className="mt-6">
            {available ? (
              <NextIntlClientProvider
                locale={locale}
                messages={{
                  Checkout: messages.Checkout,
                  Plans: planNameMessages(messages.Plans),
                  Validation: messages.Validation,
                  Auth: messages.Auth,
                }}
              >
                <CheckoutFlow
                  plans={plans}
                  source={source}
                  initialPlanId={initialPlanId}
                  account={auth ? { email: auth.user.email, renewsAt } : null}
                  mode="web"
                  initialNotice={pathPlan && !named ? t('planUnavailable') : undefined}
                />
              </NextIntlClientProvider>
            ) : (
              <PlansUnavailable locale={locale} retryHref={retryHref} />
            )}
          </div>
        </div>
        <aside aria-labelledby="checkout-trust" className="flex flex-col gap-4">
          <h2 id="checkout-trust" className="text-lg font-bold">
            {t('trust.title')}
          </h2>
          <ul className="flex flex-col gap-4">
            {trust.map((item) => (
              <li key={item.key} className="flex gap-3">
                <ShieldIcon size={24} className="mt-0.5 shrink-0 text-accent-700" />
                <div>
                  <p className="font-semibold">{item.title}</p>
                  <p className="text-sm text-slate-600">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Container>
  );
}
