import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { asLocale, type Locale } from '@/lib/locales';
import { monthsAndDays } from '@/lib/plans/months-and-days';
import { planName } from '@/lib/plans/name';
import { renewalTerms } from '@/lib/plans/renewal';
import type { IntervalUnit } from '@/lib/plans/types';
import type { Db } from '@/server/db/client';
import type { BillingSubscriptionRow } from '@/server/db/schema';
import { logger } from '@/server/log';
import { sendClaimed } from '@/server/mail/queue';
import { mailerFor, renewalReminderEmail } from './emails';
import { findAccountById } from './queries/accounts';
import { claimReminder, listRemindableSubscriptions } from './queries/billing-subscriptions';
import { findPlanById } from './queries/plans';

// The reminder a week before a renewal (emails.ts writes it).

/** How long before a renewal its reminder goes out. */
export const reminderDays = 7;
/** Only renewals of at least this many months are announced (a monthly plan is not). */
export const reminderMinMonths = 3;

const day = 24 * 3600 * 1000;

/** The renewing plan's renewal terms and their length in words, in `locale`. */
async function renewalOf(db: Db, subscription: BillingSubscriptionRow, locale: Locale) {
  const plan = await findPlanById(db, {
    planId: subscription.pendingPlanId ?? subscription.planId,
  });
  if (!plan) return undefined;
  const terms = renewalTerms({ ...plan, intervalUnit: plan.intervalUnit as IntervalUnit });
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Plans' });
  const words = planName(t, { originCount: terms.period.count, originUnit: terms.period.unit });
  return { terms, period: words.period };
}

/**
 * Mails the reminder of every renewal due within `reminderDays` of a term of
 * `reminderMinMonths` or more, once per renewal: the subscription's `reminded_for` is set in the
 * transaction that queues the mail, so instances running this at once send one between them.
 * Answers how many were queued.
 */
export async function sendRenewalReminders(db: Db, now = new Date()): Promise<number> {
  const window = { from: now, to: new Date(now.getTime() + reminderDays * day) };
  const due = await listRemindableSubscriptions(db, window);
  let queued = 0;
  for (const subscription of due) {
    const { userId, nextRenewalAt: renewsAt } = subscription;
    if (!userId || !renewsAt) continue;
    try {
      const locale = asLocale(subscription.locale);
      const renewal = await renewalOf(db, subscription, locale);
      if (!renewal || monthsAndDays(renewal.terms.period).months < reminderMinMonths) continue;
      const account = await findAccountById(db, { userId });
      if (!account) continue;
      const message = await renewalReminderEmail(account.email, locale, {
        renewsAt,
        amount: subscription.renewalPrice,
        currency: subscription.currency,
        period: renewal.period,
      });
      const options = {
        kind: 'renewal-reminder',
        dedupeKey: `renewal-reminder:${subscription.id}:${renewsAt.toISOString()}`,
      };
      const claim = (tx: Db) => claimReminder(tx, { id: subscription.id, ...window });
      if (await sendClaimed(db, mailerFor(db), message, options, claim)) queued += 1;
    } catch (error: unknown) {
      logger.error(
        { area: 'payments', subscription_id: subscription.id, err: error },
        'renewal reminder failed; the next run tries again',
      );
    }
  }
  return queued;
}
