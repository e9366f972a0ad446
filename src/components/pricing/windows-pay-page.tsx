import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { planNameMessages } from '@/lib/plans/plan-option';
import { loadPlans, preselectedId } from '@/server/plans/load-plans';
import type { PageKey } from '@/server/seo/page-metadata';
import { pageText } from '@/server/seo/page-metadata';
import { LogoLink } from '../layout/logo-link';
import { Container } from '../ui/container';
import { CheckoutFlow } from './checkout-flow';

/**
 * The Windows app's checkout (/win-pay, /win-pay/native): the site's checkout for the account
 * the app signs in with a one-time code (`?code=`, exchanged in the browser: win-token.ts),
 * without site navigation. Orders use platform 'windows'.
 */
export async function WindowsPayPage({
  locale,
  textKey,
  mode,
  queryPlan,
  channel,
}: {
  locale: Locale;
  textKey: Extract<PageKey, 'winPay' | 'winPayNative'>;
  mode: 'windows-popup' | 'windows-native';
  queryPlan?: string;
  channel?: string;
}) {
  const [text, { options: plans, source }, messages] = await Promise.all([
    pageText(locale, textKey),
    loadPlans(locale, channel),
    getMessages({ locale }),
  ]);
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-xl">
        <LogoLink />
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{text.heading}</h1>
        <p className="mt-2 text-slate-600">{text.description}</p>
        <div className="mt-6 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6">
          <NextIntlClientProvider
            locale={locale}
            messages={{
              Checkout: messages.Checkout,
              Plans: planNameMessages(messages.Plans),
              Validation: messages.Validation,
            }}
          >
            <CheckoutFlow
              plans={plans}
              source={source}
              initialPlanId={preselectedId(plans, queryPlan) ?? ''}
              account={null}
              mode={mode}
            />
          </NextIntlClientProvider>
        </div>
      </div>
    </Container>
  );
}
