import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { formatDay } from '@/lib/date-format';
import { asLocale, type Locale, localizePath } from '@/lib/locales';
import { formatMoney } from '@/lib/plans/money';
import { brand, claims } from '@/lib/site';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { OrderRow, ReceiptRow } from '@/server/db/schema';
import { logger } from '@/server/log';
import type { Mailer, MailMessage } from '@/server/mail';
import { composeMail, type MailPart } from '@/server/mail/compose';
import { siteLink } from '@/server/mail/links';
import { mailerFor } from '@/server/mail/mailer-for';
import { sendClaimed, sendQueued } from '@/server/mail/queue';
import { formatGiftCode } from './gift-code';
import { productName } from './product-name';
import { findAccountById } from './queries/accounts';
import { findAccountBillingSubscription } from './queries/billing-subscriptions';
import { findGiftCardOfOrder } from './queries/gift-cards';
import { findOrderById } from './queries/orders';
import { claimReceiptMail, listUnmailedReceipts } from './queries/receipts';
import { receiptFile } from './receipts';

/** The gift card email in the buyer's language: the code, how to redeem it, plain text and HTML. */
export async function giftCodeEmail(params: {
  to: string;
  code: string;
  plan: string;
  locale: Locale;
  redeemUrl: string;
}): Promise<MailMessage> {
  const messages = await loadMessages(params.locale);
  const t = createTranslator({ locale: params.locale, messages, namespace: 'GiftCard.email' });
  const te = createTranslator({ locale: params.locale, messages, namespace: 'Email' });
  const values = { brand: brand.name, plan: params.plan, days: claims.moneyBackDays };
  return composeMail({
    to: params.to,
    subject: t('subject', values),
    locale: params.locale,
    parts: [
      te('greeting'),
      `${t('intro', values)}\n${t('codeIntro')}`,
      { code: formatGiftCode(params.code), size: 'medium' },
      // The link text is the URL itself, so the sentence reads the same in text and HTML.
      t('howTo', { url: params.redeemUrl }),
      t('guarantee', values),
      te('signature', { brand: brand.name }),
    ],
  });
}

export { mailerFor };

/** The account page's address in `locale`, for the links of billing mails. */
function accountUrl(locale: Locale): string {
  return siteLink(locale, '/myAccount');
}

/** Texts of the Email namespace in `locale`, with the formats billing mails share. */
async function mailTexts(locale: Locale) {
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Email' });
  return {
    t,
    day: (date: Date) => formatDay(locale, date.toISOString()),
    money: (amount: string, currency: string) =>
      formatMoney(amount, currency, locale) ?? `${amount} ${currency}`,
    frame: (parts: MailPart[]) => [t('greeting'), ...parts, t('signature', { brand: brand.name })],
  };
}

/**
 * The mail of a receipt or credit note, with its PDF: what was paid (or refunded) for what, the
 * premium's end, and, while the plan renews, when and for how much, with the way to turn it off.
 */
export async function receiptEmail(db: Db, receipt: ReceiptRow, order: OrderRow, to: string) {
  const locale = asLocale(order.locale);
  const { t, day, money, frame } = await mailTexts(locale);
  const file = await receiptFile(db, receipt, order, locale);
  const values = {
    brand: brand.name,
    number: file.number,
    amount: money(order.amount, order.currency),
    item: file.item,
  };
  const attachments = [
    { filename: file.filename, contentType: 'application/pdf', content: file.pdf },
  ];
  if (receipt.kind === 'credit_note') {
    return composeMail({
      to,
      subject: t('receipt.subjectRefund', values),
      locale,
      parts: frame([t('receipt.refundIntro', values), t('receipt.creditAttached', values)]),
      attachments,
    });
  }
  const parts: MailPart[] = [
    t(order.kind === 'renewal' ? 'receipt.renewalIntro' : 'receipt.purchaseIntro', values),
  ];
  if (order.kind !== 'gift' && order.userId && receipt.periodEnd) {
    parts.push(t('receipt.premiumUntil', { date: day(receipt.periodEnd) }));
    const billing = await findAccountBillingSubscription(db, { userId: order.userId });
    if (billing?.status === 'active' && billing.nextRenewalAt) {
      parts.push(
        t('receipt.renews', {
          date: day(billing.nextRenewalAt),
          price: money(billing.renewalPrice, billing.currency),
          url: accountUrl(locale),
        }),
      );
    }
  }
  parts.push(t('receipt.attached', values));
  return composeMail({
    to,
    subject: t(
      order.kind === 'renewal' ? 'receipt.subjectRenewal' : 'receipt.subjectPurchase',
      values,
    ),
    locale,
    parts: frame(parts),
    attachments,
  });
}

/**
 * Mails every receipt and credit note not mailed yet (of one order, or all: the periodic run
 * catches what a stopped process left). Each is queued exactly once, whichever instance gets
 * there first: the receipt is claimed in the transaction that queues its mail. Never throws.
 */
export async function mailReceipts(
  db: Db,
  options: { orderId?: string; mailer?: Mailer; limit?: number } = {},
): Promise<number> {
  let queued = 0;
  const mailer = options.mailer ?? mailerFor(db);
  let pending: ReceiptRow[];
  try {
    pending = await listUnmailedReceipts(db, {
      orderId: options.orderId,
      limit: options.limit ?? 50,
    });
  } catch (error: unknown) {
    // The database away (or closed under a request's feet): the next run mails them.
    logger.error({ area: 'payments', err: error }, 'receipts to mail could not be read');
    return 0;
  }
  for (const receipt of pending) {
    try {
      const order = await findOrderById(db, { orderId: receipt.orderId });
      const buyer = order?.userId ? await findAccountById(db, { userId: order.userId }) : undefined;
      if (!order || !buyer) continue;
      const message = await receiptEmail(db, receipt, order, buyer.email);
      const options = { kind: receipt.kind, dedupeKey: `receipt:${receipt.id}` };
      const claim = (tx: Db) => claimReceiptMail(tx, { id: receipt.id });
      if (await sendClaimed(db, mailer, message, options, claim)) queued += 1;
    } catch (error: unknown) {
      logger.error(
        { area: 'payments', receipt_id: receipt.id, err: error },
        'receipt email failed; the next run tries again',
      );
    }
  }
  return queued;
}

/**
 * The welcome mail of an account a purchase or a gift card redemption made: how to choose a
 * password and sign in, where the apps are.
 */
export async function welcomeEmail(
  to: string,
  locale: Locale,
  madeBy: 'purchase' | 'gift' = 'purchase',
): Promise<MailMessage> {
  const { t, frame } = await mailTexts(locale);
  const site = config().SITE_URL;
  const link = (route: string) => new URL(localizePath(locale, route), site).toString();
  return composeMail({
    to,
    subject: t('welcome.subject', { brand: brand.name }),
    locale,
    parts: frame([
      t('welcome.intro', { brand: brand.name, email: to }),
      t(madeBy === 'gift' ? 'welcome.choosePasswordGift' : 'welcome.choosePassword', {
        url: link('/forgetPassword'),
      }),
      t('welcome.apps', { url: link('/download') }),
    ]),
  });
}

/**
 * Queues and tries a mail to an account, once per `dedupeKey` in the queue. Never throws: a
 * mail that fails is logged (the change it reports is made either way), and the mail queue
 * retries one the server did not take.
 */
export async function mailAccount(
  db: Db,
  userId: string,
  options: { kind: string; dedupeKey: string; mailer?: Mailer },
  build: (to: string) => Promise<MailMessage>,
): Promise<void> {
  try {
    const account = await findAccountById(db, { userId });
    if (!account) return;
    await sendQueued(db, options.mailer ?? mailerFor(db), await build(account.email), {
      kind: options.kind,
      dedupeKey: options.dedupeKey,
    });
  } catch (error: unknown) {
    logger.error({ area: 'payments', kind: options.kind, err: error }, 'account email failed');
  }
}

/** Welcomes an account a purchase or a gift card redemption just made. Never throws. */
export function welcomeAccount(
  db: Db,
  userId: string,
  options: { locale: Locale; madeBy: 'purchase' | 'gift'; mailer?: Mailer },
): Promise<void> {
  return mailAccount(
    db,
    userId,
    { kind: 'welcome', dedupeKey: `welcome:${userId}`, mailer: options.mailer },
    (to) => welcomeEmail(to, options.locale, options.madeBy),
  );
}

/**
 * Mails what a fulfilled order delivered: for a gift card, its code to the buyer (the page shows
 * it too); for every order, its receipt; for an account the purchase made, a welcome. Called
 * once per order, by whichever of capture and webhook fulfilled it. Never throws: the payment
 * is done either way; a mail the server did not take stays in the mail queue, which retries it.
 */
export async function notifyFulfilled(db: Db, order: OrderRow, mailer?: Mailer): Promise<void> {
  const sender = mailer ?? mailerFor(db);
  try {
    const buyer = order.userId ? await findAccountById(db, { userId: order.userId }) : undefined;
    if (!buyer) {
      logger.error(
        { area: 'payments', order_id: order.id },
        'fulfilled order has no buyer to mail',
      );
      return;
    }
    const locale = asLocale(order.locale);
    if (order.createdAccount) {
      await welcomeAccount(db, buyer.id, { locale, madeBy: 'purchase', mailer: sender });
    }
    if (order.kind === 'gift') await mailGiftCode(db, order, buyer.email, locale, sender);
  } catch (error: unknown) {
    logger.error({ area: 'payments', order_id: order.id, err: error }, 'order email failed');
  }
  await mailReceipts(db, { orderId: order.id, mailer: sender });
}

async function mailGiftCode(db: Db, order: OrderRow, to: string, locale: Locale, mailer: Mailer) {
  const gift = await findGiftCardOfOrder(db, { orderId: order.id });
  if (!gift) {
    logger.error({ area: 'payments', order_id: order.id }, 'gift order has no card to mail');
    return;
  }
  const redeemUrl = siteLink(locale, '/gift-card');
  const message = await giftCodeEmail({
    to,
    code: gift.code,
    plan: await productName(db, order, locale),
    locale,
    redeemUrl,
  });
  // Queued first: a mail server that is away gets it later from the queue, exactly once.
  await sendQueued(db, mailer, message, { kind: 'gift-code', dedupeKey: `gift-code:${order.id}` });
}

/** The confirmation that auto-renewal is off, and until when premium runs. */
export async function autoRenewOffEmail(
  to: string,
  locale: Locale,
  premiumUntil: Date,
): Promise<MailMessage> {
  const { t, day, frame } = await mailTexts(locale);
  return composeMail({
    to,
    subject: t('autoRenewOff.subject', { brand: brand.name }),
    locale,
    parts: frame([
      t('autoRenewOff.intro'),
      t('autoRenewOff.until', { date: day(premiumUntil) }),
      t('autoRenewOff.again', { url: accountUrl(locale) }),
    ]),
  });
}

/** A failed renewal: what failed, how long premium stays, what to do. */
export async function renewalFailedEmail(
  to: string,
  locale: Locale,
  params: { amount: string; currency: string; graceUntil: Date },
): Promise<MailMessage> {
  const { t, day, money, frame } = await mailTexts(locale);
  return composeMail({
    to,
    subject: t('renewalFailed.subject', { brand: brand.name }),
    locale,
    parts: frame([
      t('renewalFailed.intro', { amount: money(params.amount, params.currency) }),
      t('renewalFailed.grace', { date: day(params.graceUntil) }),
      t('renewalFailed.action', { url: accountUrl(locale) }),
    ]),
  });
}

/** The reminder a week before a renewal: when, how much, for how long, and how to stop it. */
export async function renewalReminderEmail(
  to: string,
  locale: Locale,
  params: { renewsAt: Date; amount: string; currency: string; period: string },
): Promise<MailMessage> {
  const { t, day, money, frame } = await mailTexts(locale);
  const date = day(params.renewsAt);
  return composeMail({
    to,
    subject: t('reminder.subject', { brand: brand.name, date }),
    locale,
    parts: frame([
      t('reminder.intro', {
        date,
        price: money(params.amount, params.currency),
        period: params.period,
      }),
      t('reminder.keep'),
      t('reminder.off', { url: accountUrl(locale), date }),
    ]),
  });
}
