'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import {
  type HistoryItem,
  type HistoryLabel,
  paymentApi,
  type RefundState,
  type SubscriptionMy,
} from '@/client/payments';
import { DisplayDate } from '@/components/ui/display-date';
import { formatMoney } from '@/lib/plans/money';
import type { PlanOption } from '@/lib/plans/plan-option';
import { refundPolicy } from '@/lib/site';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { LinkButton } from '../ui/link-button';
import { AutoRenew } from './auto-renew';
import { productLabel } from './plan-label';
import { RefundDialog } from './refund-dialog';
import { isStoreSource, StoreRefundNote } from './store-refund-note';

const panel = 'rounded-2xl border border-slate-200 bg-white p-6';

const labelTone: Record<HistoryLabel, 'accent' | 'success' | 'warning' | 'neutral'> = {
  Paid: 'accent',
  Success: 'success',
  Failed: 'warning',
  Refunded: 'neutral',
};

/** The number a purchase is known by: its receipt's, or the provider's payment id before one. */
const receiptOf = (item: HistoryItem) =>
  item.documents.find((document) => document.type === 'receipt')?.number ?? item.receipt;

const refundStates: readonly string[] = ['refunded', 'pending', 'queued'] satisfies RefundState[];
const isRefundState = (value: string | null): value is RefundState =>
  value !== null && refundStates.includes(value);

/** Marks a purchase as asked about, for when the fresh history cannot be loaded. */
function withRefund(data: SubscriptionMy, orderId: string, state: RefundState): SubscriptionMy {
  return {
    ...data,
    history: data.history.map((item) =>
      item.id === orderId
        ? {
            ...item,
            label: state === 'refunded' ? 'Refunded' : item.label,
            refund: { eligible: false, status: state },
          }
        : item,
    ),
  };
}

/**
 * The account page's subscription (plan, status, premium until, where it was bought) and the
 * payment history, with the money-back request for purchases that still qualify. Needs the
 * Account, Subscription, Refund, Plans and Dialogs messages.
 */
export function SubscriptionPanel({
  initial,
  plans,
}: {
  initial: SubscriptionMy;
  /** The plans on sale, which a renewing plan can change to. */
  plans: PlanOption[];
}) {
  const t = useTranslations('Subscription');
  const ta = useTranslations('Account');
  const tr = useTranslations('Refund');
  const tp = useTranslations('Plans');
  const locale = useLocale();
  const [data, setData] = useState(initial);
  const [asking, setAsking] = useState<HistoryItem | null>(null);
  const [result, setResult] = useState<RefundState | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const subscription = data.subscription;
  const status = !subscription
    ? 'none'
    : data.is_premium
      ? subscription.status
      : subscription.status === 'refunded'
        ? 'refunded'
        : 'expired';
  const name = (productId: string) => productLabel(tp, productId, t('premium'));
  const source = subscription?.source;

  async function refunded(orderId: string, state: RefundState) {
    setAsking(null);
    try {
      setData(await paymentApi.subscription());
    } catch {
      setData((current) => withRefund(current, orderId, state));
    }
    setResult(state);
  }

  const resultText =
    result === 'refunded'
      ? tr('refundedText')
      : result === 'pending'
        ? tr('pendingText')
        : result === 'queued'
          ? tr('queuedText', {
              replyDays: refundPolicy.replyWorkingDays,
              refundDays: refundPolicy.processWorkingDays,
            })
          : '';

  return (
    <>
      <section aria-labelledby="subscription-heading" className={panel} data-area="subscription">
        <h2 id="subscription-heading" className="text-xl font-bold">
          {ta('subscription')}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2">
          <dt className="font-medium text-slate-600">{t('statusLabel')}</dt>
          <dd data-status={status}>
            <Badge
              tone={status === 'active' ? 'success' : status === 'past_due' ? 'warning' : 'neutral'}
            >
              {t(`status.${status}`)}
            </Badge>
          </dd>
          {subscription ? (
            <>
              <dt className="font-medium text-slate-600">{t('planLabel')}</dt>
              <dd>{name(subscription.product_id)}</dd>
              <dt className="font-medium text-slate-600">{t('untilLabel')}</dt>
              <dd data-premium-until>
                <DisplayDate value={subscription.premium_until} className="whitespace-nowrap" />
              </dd>
              <dt className="font-medium text-slate-600">{t('sourceLabel')}</dt>
              <dd>
                {source === 'website' || isStoreSource(source)
                  ? t(`source.${source}`)
                  : t('source.other')}
              </dd>
            </>
          ) : null}
        </dl>
        {subscription ? null : <p className="mt-3 text-slate-700">{t('noneText')}</p>}
        {subscription && data.is_premium && source === 'website' ? (
          <AutoRenew subscription={subscription} plans={plans} onChange={setData} />
        ) : null}
        {isStoreSource(source) ? <StoreRefundNote source={source} /> : null}
        {subscription?.auto_renew ? null : (
          <LinkButton
            href="/pricing"
            variant={status === 'active' ? 'secondary' : 'primary'}
            className="mt-5"
          >
            {status === 'active' ? t('change') : t('buy')}
          </LinkButton>
        )}
      </section>

      <section
        aria-labelledby="history-heading"
        className={`${panel} lg:col-span-2`}
        data-area="payment-history"
      >
        <h2 id="history-heading" className="text-xl font-bold">
          {t('historyTitle')}
        </h2>
        <p
          ref={resultRef}
          tabIndex={-1}
          role="status"
          className={resultText ? 'mt-3 rounded-xl bg-green-50 p-4 text-success-700' : ''}
        >
          {resultText}
        </p>
        {data.history.length === 0 ? (
          <p className="mt-3 text-slate-700">{t('historyEmpty')}</p>
        ) : (
          <HistoryTable
            items={data.history}
            locale={locale}
            name={name}
            onRefund={(item) => setAsking(item)}
          />
        )}
      </section>
      <RefundDialog
        orderId={asking?.id ?? null}
        receipt={asking ? tr('receipt', { receipt: receiptOf(asking) }) : ''}
        onCancel={() => setAsking(null)}
        onDone={(orderId, state) => void refunded(orderId, state)}
      />
    </>
  );
}

/**
 * The history as a table; below the md breakpoint each row becomes a stacked card whose cells
 * carry their own labels (the column headers stay for screen readers).
 */
function HistoryTable({
  items,
  locale,
  name,
  onRefund,
}: {
  items: HistoryItem[];
  locale: string;
  name: (productId: string) => string;
  onRefund: (item: HistoryItem) => void;
}) {
  const t = useTranslations('Subscription');
  const tr = useTranslations('Refund');
  // Below md a cell is a row of its own: its label and value as separate flex items, so the
  // two never run together in a right-to-left page.
  const cell =
    'py-1 align-top md:py-3 md:pe-4 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-2';
  const inlineLabel = (text: string) => (
    <span className="font-medium text-slate-600 md:hidden">{text}</span>
  );
  return (
    <table className="mt-4 w-full text-start max-md:block">
      <thead className="max-md:sr-only">
        <tr className="border-b border-slate-200 text-sm text-slate-600">
          <th scope="col" className="py-2 pe-4 text-start font-medium">
            {t('column.status')}
          </th>
          <th scope="col" className="py-2 pe-4 text-start font-medium">
            {t('column.date')}
          </th>
          <th scope="col" className="py-2 pe-4 text-start font-medium">
            {t('column.item')}
          </th>
          <th scope="col" className="py-2 pe-4 text-start font-medium">
            {t('column.amount')}
          </th>
          <th scope="col" className="py-2 pe-4 text-start font-medium">
            {t('column.receipt')}
          </th>
          <th scope="col" className="py-2 text-start font-medium">
            {t('column.refund')}
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {items.map((item) => (
          <tr
            key={`${item.kind}:${item.id}`}
            className="border-b border-slate-200 last:border-b-0 max-md:block max-md:py-3"
            data-history={item.label}
          >
            <td className={cell}>
              <Badge tone={labelTone[item.label]}>{t(`label.${item.label}`)}</Badge>
            </td>
            <td className={cell}>
              {inlineLabel(t('column.date'))}
              <DisplayDate value={item.date} className="whitespace-nowrap" />
            </td>
            <td className={cell}>
              {inlineLabel(t('column.item'))}
              {t(`kind.${item.kind}`, { plan: name(item.product_id) })}
            </td>
            <td className={cell}>
              {inlineLabel(t('column.amount'))}
              {item.kind === 'redeem'
                ? t('noCharge')
                : (formatMoney(item.amount, item.currency, locale) ??
                  `${item.amount} ${item.currency}`)}
            </td>
            <td className={cell}>
              {inlineLabel(t('column.receipt'))}
              {item.documents.length === 0 ? (
                <span dir="ltr" className="break-all font-mono text-sm">
                  {item.receipt}
                </span>
              ) : (
                <ul className="flex flex-col gap-1">
                  {item.documents.map((document) => (
                    <li key={document.type}>
                      <a
                        href={`${document.url}${document.url.includes('?') ? '&' : '?'}language=${locale}`}
                        download
                        className="font-medium text-accent-700 underline underline-offset-2"
                        aria-label={t(
                          document.type === 'credit_note'
                            ? 'download.creditNoteLabel'
                            : 'download.receiptLabel',
                          { number: document.number },
                        )}
                        data-receipt={document.type}
                      >
                        {t(
                          document.type === 'credit_note'
                            ? 'download.creditNote'
                            : 'download.receipt',
                        )}
                      </a>{' '}
                      <span dir="ltr" className="font-mono text-sm text-slate-600">
                        {document.number}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td className={`${cell} max-md:pt-2`}>
              {isRefundState(item.refund.status) ? (
                <span data-refund={item.refund.status}>{tr(`status.${item.refund.status}`)}</span>
              ) : item.kind === 'renewal' && item.label === 'Paid' ? (
                <span className="text-sm text-slate-600">{tr('renewalNote')}</span>
              ) : item.refund.eligible ? (
                <Button
                  variant="secondary"
                  className="min-h-10 px-4 py-1.5 text-sm"
                  aria-label={tr('requestFor', { receipt: receiptOf(item) })}
                  onClick={() => onRefund(item)}
                >
                  {tr('request')}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
