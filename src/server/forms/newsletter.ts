import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NewsletterSubscribe } from '@/lib/form-rules';
import { directionOf, isLocale, type Locale, localizePath } from '@/lib/locales';
import { ApiError } from '@/server/api/errors';
import type { Db } from '@/server/db/client';
import type { NewsletterSubscriber } from '@/server/db/schema';
import { logger } from '@/server/log';
import { getMailer, type MailMessage } from '@/server/mail';
import { mailDelayed } from '@/server/mail/errors';
import { sendQueued } from '@/server/mail/queue';
import { type MailBlock, renderMail, sendLogged, siteLink } from './mail';
import {
  confirmByTokenHash,
  findSubscriberByEmail,
  unsubscribeByToken,
  upsertPendingSubscriber,
} from './queries';
import { formText } from './texts';

export const confirmDays = 7;
export const newsletterPaths = {
  confirm: '/api/mms/newsletter/v1/confirm',
  unsubscribe: '/api/mms/newsletter/v1/unsubscribe',
  page: '/edmsub',
} as const;

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 43 base64url characters; anything else is refused before touching the database. */
export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function subscriberLocale(subscriber: Pick<NewsletterSubscriber, 'locale'>): Locale {
  return isLocale(subscriber.locale) ? subscriber.locale : 'en';
}

/** The page where a subscriber confirms unsubscribing (the link in every newsletter's body). */
export function unsubscribePageUrl(subscriber: NewsletterSubscriber): string {
  const page = localizePath(subscriberLocale(subscriber), newsletterPaths.page);
  return siteLink(`${page}?unsubscribe=${subscriber.unsubscribeToken}`);
}

/**
 * A newsletter mail to a subscriber, with the unsubscribe link in its body and the RFC 8058
 * one-click headers (mail clients POST to the List-Unsubscribe URL). Use it for every mailing.
 */
export async function newsletterMail(
  subscriber: NewsletterSubscriber,
  subject: string,
  blocks: MailBlock[],
): Promise<MailMessage> {
  const locale = subscriberLocale(subscriber);
  const t = await formText(locale, 'Newsletter');
  const forms = await formText(locale, 'Forms');
  const pageUrl = unsubscribePageUrl(subscriber);
  const oneClick = siteLink(`${newsletterPaths.unsubscribe}?token=${subscriber.unsubscribeToken}`);
  return {
    to: subscriber.email,
    subject,
    ...renderMail(
      [
        ...blocks,
        { kind: 'text', text: forms('mailSignature') },
        { kind: 'link', text: t('mail.unsubscribeLine', { url: '' }).trim(), url: pageUrl },
      ],
      directionOf(locale),
    ),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Starts a subscription: a pending subscriber and a mail with a single-use confirmation link.
 * The answer is the same whether or not the address is already subscribed (no enumeration);
 * a confirmed address gets no mail.
 */
export async function subscribe(db: Db, input: NewsletterSubscribe): Promise<void> {
  const email = input.email.toLowerCase();
  const existing = await findSubscriberByEmail(db, email);
  if (existing?.status === 'confirmed') return;

  const token = newToken();
  const subscriber = await upsertPendingSubscriber(db, {
    email,
    locale: input.locale,
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(Date.now() + confirmDays * 24 * 60 * 60 * 1000),
    unsubscribeToken: newToken(),
  });
  // Confirmed between our read and write: nothing to send.
  if (!subscriber) return;

  const t = await formText(input.locale, 'Newsletter');
  const forms = await formText(input.locale, 'Forms');
  const link = siteLink(`${newsletterPaths.confirm}?token=${token}`);
  let sent: boolean;
  try {
    // A newer confirmation replaces a queued one: its link is the only one that works.
    sent = await sendQueued(
      db,
      getMailer(),
      {
        to: email,
        subject: t('mail.confirmSubject'),
        ...renderMail(
          [
            { kind: 'text', text: t('mail.confirmIntro') },
            { kind: 'link', text: t('mail.confirmAction', { days: confirmDays }), url: link },
            { kind: 'text', text: t('mail.confirmIgnore') },
            { kind: 'text', text: forms('mailSignature') },
          ],
          directionOf(input.locale),
        ),
      },
      { kind: 'newsletter-confirm', dedupeKey: `newsletter-confirm:${email}` },
    );
  } catch (error: unknown) {
    // Without the mail the visitor cannot finish: say so rather than claim success.
    logger.error({ area: 'forms', err: error }, 'newsletter confirmation not queued');
    throw ApiError.unavailable('The confirmation email could not be sent. Please try again later.');
  }
  // Queued: the mail server is away, and the queue sends it when it is back. Say so rather
  // than claim it arrived.
  if (!sent) throw mailDelayed();
}

/** Uses a confirmation token; the confirmed subscriber (welcomed by mail), or null. */
export async function confirmSubscription(
  db: Db,
  token: unknown,
): Promise<NewsletterSubscriber | null> {
  if (!isTokenShape(token)) return null;
  const subscriber = await confirmByTokenHash(db, hashToken(token), new Date());
  if (!subscriber) return null;
  const t = await formText(subscriberLocale(subscriber), 'Newsletter');
  await sendLogged(
    db,
    await newsletterMail(subscriber, t('mail.welcomeSubject'), [
      { kind: 'text', text: t('mail.welcomeIntro') },
    ]),
    'newsletter welcome',
  );
  return subscriber;
}

/** Unsubscribes the holder of an unsubscribe token; null when the token is unknown. */
export async function unsubscribe(db: Db, token: unknown): Promise<NewsletterSubscriber | null> {
  if (!isTokenShape(token)) return null;
  return unsubscribeByToken(db, token, new Date());
}
