import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { NewsletterSubscribe } from '@/lib/form-rules';
import { directionOf, isLocale, type Locale, localizePath } from '@/lib/locales';
import { ApiError } from '@/server/api/errors';
import { type Db, isDatabaseUnavailable } from '@/server/db/client';
import type { NewsletterSubscriber } from '@/server/db/schema';
import { logger } from '@/server/log';
import { getMailer, type Mailer, type MailMessage } from '@/server/mail';
import { dropQueuedMail } from '@/server/mail/queries';
import {
  deliverQueued,
  enqueueMail,
  type MailQueueSettings,
  mailAvailable,
} from '@/server/mail/queue';
import { type MailBlock, renderMail, sendLogged, siteLink } from './mail';
import { confirmByTokenHash, unsubscribeByToken, upsertPendingSubscriber } from './queries';
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

export interface SubscribeOptions {
  /** The mailer that tries the confirmation after the answer (default: the process's). */
  mailer?: Mailer;
  /** Called with the delivery promise; tests await it, the server lets it run. */
  onDelivery?: (delivery: Promise<void>) => void;
  /** Retry settings of the queued mail (tests use short waits). */
  queue?: MailQueueSettings;
}

/** The confirmation mail with its single-use link, in the subscriber's language. */
async function confirmationMail(to: string, locale: Locale, token: string): Promise<MailMessage> {
  const t = await formText(locale, 'Newsletter');
  const forms = await formText(locale, 'Forms');
  const link = siteLink(`${newsletterPaths.confirm}?token=${token}`);
  return {
    to,
    subject: t('mail.confirmSubject'),
    ...renderMail(
      [
        { kind: 'text', text: t('mail.confirmIntro') },
        { kind: 'link', text: t('mail.confirmAction', { days: confirmDays }), url: link },
        { kind: 'text', text: t('mail.confirmIgnore') },
        { kind: 'text', text: forms('mailSignature') },
      ],
      directionOf(locale),
    ),
  };
}

/**
 * Starts a subscription: a pending subscriber and a mail with a single-use confirmation link.
 * Nothing about the answer tells whether the address is new, pending, confirmed or
 * unsubscribed: the caller answers the same for all four, the work is the same (the mail is
 * rendered for every address; a confirmed one is left alone and gets no mail), and the mail is
 * only queued here, in the subscriber's transaction, and tried after the answer, so the answer
 * never waits for the mail server. If that first try fails the mail queue retries it.
 *
 * `mailAvailable` is false when the mail server is known not to take mail right now; it depends
 * on the mailer only, never on the address, and the route then says that the mail is delayed.
 */
export async function subscribe(
  db: Db,
  input: NewsletterSubscribe,
  options: SubscribeOptions = {},
): Promise<{ mailAvailable: boolean }> {
  const email = input.email.toLowerCase();
  const token = newToken();
  const confirmExpiresAt = new Date(Date.now() + confirmDays * 24 * 60 * 60 * 1000);
  const message = await confirmationMail(email, input.locale, token);
  const dedupeKey = `newsletter-confirm:${email}`;
  let queued: string | undefined;
  try {
    queued = await db.transaction(async (tx) => {
      const subscriber = await upsertPendingSubscriber(tx, {
        email,
        locale: input.locale,
        confirmTokenHash: hashToken(token),
        confirmExpiresAt,
        unsubscribeToken: newToken(),
      });
      if (!subscriber) {
        // Confirmed: no mail, and a confirmation still waiting from before is no use either.
        await dropQueuedMail(tx, dedupeKey);
        return undefined;
      }
      // A newer confirmation replaces a queued one (dedupeKey): its link is the only one that
      // works, and it is not worth sending once the link has expired.
      return enqueueMail(tx, message, {
        kind: 'newsletter-confirm',
        dedupeKey,
        expiresAt: confirmExpiresAt,
      });
    });
  } catch (error: unknown) {
    if (isDatabaseUnavailable(error)) throw error;
    // Without the mail the visitor cannot finish: say so rather than claim success.
    logger.error({ area: 'forms', err: error }, 'newsletter confirmation not queued');
    throw ApiError.unavailable('The confirmation email could not be sent. Please try again later.');
  }
  const mailer = options.mailer ?? getMailer();
  const mailAvailableNow = await mailAvailable(mailer);
  const delivery = queued
    ? deliverConfirmation(db, mailer, queued, options.queue)
    : Promise.resolve();
  options.onDelivery?.(delivery);
  return { mailAvailable: mailAvailableNow };
}

async function deliverConfirmation(
  db: Db,
  mailer: Mailer,
  queuedId: string,
  settings?: MailQueueSettings,
): Promise<void> {
  try {
    // A failure is logged by the queue and left queued for its worker.
    await deliverQueued(db, mailer, queuedId, settings);
  } catch (error: unknown) {
    // The visitor already has the (uniform) answer; the operator needs to know.
    logger.error({ area: 'forms', err: error }, 'newsletter confirmation could not be tried');
  }
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
