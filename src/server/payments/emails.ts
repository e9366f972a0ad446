import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { escapeHtml } from '@/lib/escape-html';
import { directionOf, isLocale, type Locale, localizePath } from '@/lib/locales';
import { planName } from '@/lib/plans/name';
import { parseProductId } from '@/lib/plans/product-id';
import type { IntervalUnit } from '@/lib/plans/types';
import { brand, claims } from '@/lib/site';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { OrderRow } from '@/server/db/schema';
import { logger } from '@/server/log';
import { getMailer, type Mailer, type MailMessage } from '@/server/mail';
import { createOutboxMailer } from '@/server/mail/outbox';
import { sendQueued } from '@/server/mail/queue';
import { formatGiftCode } from './gift-code';
import { findAccountById } from './queries/accounts';
import { findGiftCardOfOrder } from './queries/gift-cards';
import { findPlanById } from './queries/plans';

/** What a gift card gives, in words ("12 months +3 months free"), from its product id. */
async function giftPlanName(
  db: Db,
  order: Pick<OrderRow, 'planId' | 'productId'>,
  locale: Locale,
): Promise<string> {
  const parsed = parseProductId(order.productId);
  let origin = parsed?.origin;
  if (!origin) {
    // A product id outside the v2 format: the plan's own period says what was sold.
    const row = await findPlanById(db, { planId: order.planId });
    origin = {
      count: row?.intervalCount ?? 1,
      unit: (row?.intervalUnit ?? 'MONTH') as IntervalUnit,
    };
  }
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Plans' });
  const name = planName(t, {
    originCount: origin.count,
    originUnit: origin.unit,
    addCount: parsed?.bonus?.count,
    addUnit: parsed?.bonus?.unit,
  });
  return name.bonus ? `${name.period} ${name.bonus}` : name.period;
}

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
  const code = formatGiftCode(params.code);
  const values = { brand: brand.name, plan: params.plan, days: claims.moneyBackDays };
  const subject = t('subject', values);
  const lines = {
    greeting: te('greeting'),
    intro: t('intro', values),
    codeIntro: t('codeIntro'),
    howTo: t('howTo', { url: params.redeemUrl }),
    guarantee: t('guarantee', values),
    signature: te('signature', { brand: brand.name }),
  };
  const text = [
    lines.greeting,
    '',
    lines.intro,
    lines.codeIntro,
    '',
    `    ${code}`,
    '',
    lines.howTo,
    '',
    lines.guarantee,
    '',
    lines.signature,
  ].join('\n');
  // The link text is the URL itself, so the sentence reads the same in text and HTML.
  const link = `<a href="${escapeHtml(params.redeemUrl)}" style="color:#0b5fff">${escapeHtml(params.redeemUrl)}</a>`;
  const howTo = escapeHtml(lines.howTo).replace(escapeHtml(params.redeemUrl), link);
  const html = `<!doctype html>
<html lang="${params.locale}" dir="${directionOf(params.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1b3a">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.intro)}</p>
<p>${escapeHtml(lines.codeIntro)}</p>
<p style="font-size:24px;font-weight:700;letter-spacing:2px;margin:24px 0;font-family:ui-monospace,Menlo,Consolas,monospace" dir="ltr">${escapeHtml(code)}</p>
<p>${howTo}</p>
<p>${escapeHtml(lines.guarantee)}</p>
<p>${escapeHtml(lines.signature)}</p>
</div></body></html>`;
  return { to: params.to, subject, text, html };
}

/** SMTP when configured; otherwise the development outbox of the order's own database. */
function mailerFor(db: Db): Mailer {
  return config().SMTP_URL ? getMailer() : createOutboxMailer(() => db);
}

/**
 * Mails what a fulfilled order delivered: for a gift card, its code to the buyer (the page shows
 * it too). Called once per order, by whichever of capture and webhook fulfilled it. Never
 * throws: the payment is done either way; a mail the server did not take stays in the mail
 * queue, which retries it.
 */
export async function notifyFulfilled(db: Db, order: OrderRow, mailer?: Mailer): Promise<void> {
  if (order.kind !== 'gift') return;
  try {
    const gift = await findGiftCardOfOrder(db, { orderId: order.id });
    const buyer = order.userId ? await findAccountById(db, { userId: order.userId }) : undefined;
    if (!gift || !buyer) {
      logger.error(
        { area: 'payments', order_id: order.id },
        'gift order has no card or buyer to mail',
      );
      return;
    }
    const locale = isLocale(order.locale) ? order.locale : 'en';
    const redeemUrl = new URL(localizePath(locale, '/gift-card'), config().SITE_URL).toString();
    const message = await giftCodeEmail({
      to: buyer.email,
      code: gift.code,
      plan: await giftPlanName(db, order, locale),
      locale,
      redeemUrl,
    });
    // Queued first: a mail server that is away gets it later from the queue, exactly once.
    await sendQueued(db, mailer ?? mailerFor(db), message, {
      kind: 'gift-code',
      dedupeKey: `gift-code:${order.id}`,
    });
  } catch (error: unknown) {
    logger.error({ area: 'payments', order_id: order.id, err: error }, 'gift card email failed');
  }
}
