import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { EmailText } from '@/components/account/email-text';
import { PaySuccessSteps } from '@/components/pricing/pay-success';
import { Container } from '@/components/ui/container';
import { DisplayDate } from '@/components/ui/display-date';
import { LinkButton } from '@/components/ui/link-button';
import { localizePath } from '@/lib/locales';
import { formatMoney } from '@/lib/plans/money';
import { pageSession } from '@/server/account/page-session';
import { profileOf } from '@/server/account/service';
import { ApiError } from '@/server/api/errors';
import { getDb } from '@/server/db/client';
import { orderFor, orderView } from '@/server/payments/checkout';
import { orderPlanName, queryValue } from '@/server/plans/load-plans';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Rendered per request: the signed-in account's order, checked on the server.
export const dynamic = 'force-dynamic';

type Props = LocaleParams & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/paySuc', await pageText(locale, 'paySuc'));
}

/**
 * The order of the address when it belongs to the account, and whether it made the account;
 * null for anything else.
 */
async function ownOrder(orderId: string | undefined, userId: string) {
  if (!orderId) return null;
  const db = getDb().db;
  try {
    const row = await orderFor(db, orderId, { userId });
    return { ...(await orderView(db, row, { userId })), madeAccount: row.createdAccount };
  } catch (error: unknown) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export default async function PaySucPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const orderId = queryValue((await searchParams).order);
  const auth = await pageSession();
  if (!auth) {
    const here = `${localizePath(locale, '/paySuc')}${orderId ? `?order=${encodeURIComponent(orderId)}` : ''}`;
    redirect(`${localizePath(locale, '/login')}?redirect=${encodeURIComponent(here)}`);
  }
  const [text, t, order] = await Promise.all([
    pageText(locale, 'paySuc'),
    getTranslations({ locale, namespace: 'PayStatus.success' }),
    ownOrder(orderId, auth.user.id),
  ]);
  const paid = order && (order.status === 'paid' || order.status === 'refunded');

  if (!order || !paid) {
    return (
      <Container className="py-10 sm:py-14">
        <div className="mx-auto max-w-xl rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {order ? t('notPaidTitle') : t('notFoundTitle')}
          </h1>
          <p className="mt-3 text-slate-700">{order ? t('notPaid') : t('notFound')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton href="/pricing">{t('backToPlans')}</LinkButton>
            <LinkButton href="/myAccount" variant="secondary">
              {t('myAccount')}
            </LinkButton>
          </div>
        </div>
      </Container>
    );
  }

  const [planText, messages] = await Promise.all([
    orderPlanName(locale, order),
    getMessages({ locale }),
  ]);
  const { Account, Auth, Validation, PayStatus } = messages;
  const amount = formatMoney(order.amount, order.currency, locale) ?? order.amount;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'plan', label: t('plan'), value: planText },
    { key: 'amount', label: t('amount'), value: amount },
    ...(order.premium_until
      ? [
          {
            key: 'until',
            label: t('until'),
            value: <DisplayDate value={order.premium_until} className="font-semibold" />,
          },
        ]
      : []),
    ...(order.gift_code
      ? [{ key: 'gift', label: t('giftCode'), value: <code dir="ltr">{order.gift_code}</code> }]
      : []),
    { key: 'email', label: t('email'), value: <EmailText email={order.email} /> },
    { key: 'order', label: t('order'), value: <span dir="ltr">{order.order_id}</span> },
  ];

  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <div className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{text.heading}</h1>
          <p className="mt-2 text-lg text-slate-700">{t('thanks')}</p>
          <h2 className="mt-6 text-lg font-bold">{t('details')}</h2>
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-3">
            {rows.map((row) => (
              <div key={row.key} data-row={row.key} className="contents">
                <dt className="font-medium text-slate-600">{row.label}</dt>
                <dd className="mb-2 min-w-0 break-words sm:mb-0">{row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <NextIntlClientProvider locale={locale} messages={{ Account, Auth, Validation, PayStatus }}>
          <PaySuccessSteps profile={profileOf(auth.user)} madeAccount={order.madeAccount} />
        </NextIntlClientProvider>
      </div>
    </Container>
  );
}
