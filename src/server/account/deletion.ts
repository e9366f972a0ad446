import 'server-only';
import { createHash } from 'node:crypto';
import { normalizeEmail } from '@/lib/password-rules';
import { ApiError } from '@/server/api/errors';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/log';
import { cancelRenewal, type Payments, turnOffAutoRenew } from '@/server/payments/billing';
import { paymentErrors } from '@/server/payments/errors';
import { ProviderUnavailableError } from '@/server/payments/provider';
import { listAccountRenewingSubscriptions } from '@/server/payments/queries/billing-subscriptions';
import { accountExists, purgeAccount } from './queries/deletion';

// Deleting an account (POST web/delete, after confirm "DELETE" and a recent re-authentication).
// Everything personal goes; what tax and accounting law requires (orders, subscriptions,
// receipts, refund requests, gift cards) stays, detached: no account, and the email only as its
// one-way digest. The digest is what the orders' owner check needs and lets the operator find a
// person's payment records when they give their address (an audit, a chargeback); it is never an
// address, so nothing is mailed to it or matched by it (orders_deleted_account_detached).

/** What happens to each base table of the database when an account is deleted. */
export const deletionScope = {
  users: 'deleted',
  devices: 'deleted (cascade)',
  sessions: 'deleted (cascade)',
  login_handoffs: 'deleted (cascade)',
  account_events: 'deleted (cascade)',
  subscriptions: 'deleted (cascade): premium time of the account, nobody can use it any more',
  totp_factors: 'deleted (cascade)',
  recovery_codes: 'deleted (cascade)',
  mfa_challenges: 'deleted (cascade)',
  passkeys: 'deleted (cascade)',
  webauthn_challenges: "deleted (cascade); a passkey sign-in's challenge has no account",
  email_changes: 'deleted (cascade)',
  verification_codes: 'deleted: the codes of its email',
  newsletter_subscribers: 'deleted: its email',
  contact_messages: 'deleted: sent from its email',
  partner_applications: 'deleted: sent from its email',
  survey_responses: 'deleted: a comment that names its email (the survey is otherwise anonymous)',
  rate_limits: 'deleted: counters keyed by its email or account id',
  mail_queue: 'deleted: mail to its email, or naming it (the team notice of its contact message)',
  mail_outbox: 'deleted: as mail_queue (development outbox)',
  analytics_events: 'kept anonymous: user_id of the account set to null',
  orders: 'kept for accounting, detached: user_id null, buyer_email the digest, no checkout token',
  billing_subscriptions: 'kept for accounting, detached: user_id null (renewals cancelled first)',
  refund_requests: 'kept for accounting, detached: user_id null, the free-text reason cleared',
  gift_cards: 'kept for accounting (and for whoever holds the code): redeemed_by null',
  receipts: 'kept for accounting (no personal data); unmailed ones closed: nobody to mail them to',
  plans: 'untouched: the catalogue',
  provider_plans: 'untouched: the catalogue at the provider',
  promotions: 'untouched: the catalogue',
  receipt_counter: 'untouched: one global counter',
  webhook_events: "untouched: ids of the provider's deliveries",
  sandbox_orders: "untouched: the sandbox provider's own records (PayPal keeps its side too)",
  sandbox_plans: "untouched: the sandbox provider's own records",
  sandbox_subscriptions: "untouched: the sandbox provider's records (cancelled through it first)",
  sandbox_transactions: "untouched: the sandbox provider's own records",
  blog_posts: 'untouched: content',
  blog_categories: 'untouched: content',
  blog_tags: 'untouched: content',
  blog_post_tags: 'untouched: content',
} as const;

/** What a deleted account's payment records keep of its email: 'sha256:' + hex SHA-256. */
export function emailDigest(email: string): string {
  return `sha256:${createHash('sha256').update(normalizeEmail(email), 'utf8').digest('hex')}`;
}

export interface DeletedAccount {
  /** The address the account had, for the confirmation mail. */
  email: string;
  /** True when a renewing subscription was cancelled at the provider for the deletion. */
  autoRenewalCancelled: boolean;
}

/**
 * Renewals of the account's subscriptions stop at the provider: the current one as turning
 * auto-renewal off does (turnOffAutoRenew), then any older one still renewing (left behind when
 * a replaced plan could not be stopped). A provider that cannot be reached answers 50301 before
 * anything here changed. True when one was cancelled.
 */
async function stopRenewals(db: Db, billing: Payments, userId: string): Promise<boolean> {
  const renewing = await listAccountRenewingSubscriptions(db, { userId });
  if (renewing.length === 0) return false;
  try {
    await turnOffAutoRenew(db, billing, userId, { mail: false });
    for (const other of await listAccountRenewingSubscriptions(db, { userId }))
      await cancelRenewal(db, billing, other, 'Account deleted');
  } catch (error: unknown) {
    if (error instanceof ProviderUnavailableError) throw paymentErrors.networkError();
    throw error;
  }
  return true;
}

/**
 * Deletes the account `userId`: renewals are cancelled at the provider first (unreachable:
 * 50301, nothing changed), then, in one transaction, the account and everything personal go
 * and the payment records are detached (see `deletionScope`). The same email can then sign up
 * or buy again as a new account; the old records never attach to it. An account that is gone
 * already (a second request at the same moment) answers 50008, like its ended session.
 */
export async function deleteAccount(
  db: Db,
  payments: Payments,
  params: { userId: string; now?: Date },
): Promise<DeletedAccount> {
  const { userId } = params;
  const now = params.now ?? new Date();
  if (!(await accountExists(db, userId))) throw ApiError.invalidToken();
  // Outside the transaction: no row stays locked during a call to the provider.
  const autoRenewalCancelled = await stopRenewals(db, payments, userId);

  const purged = await purgeAccount(db, { userId, now, digest: emailDigest });
  if (purged === 'gone') throw ApiError.invalidToken();
  // Turned back on since the provider was called (an approval that just arrived).
  if (purged === 'renewing')
    throw ApiError.conflict('Auto-renewal changed meanwhile. Try deleting the account again.');
  const { email } = purged;

  // The id only: it names nothing any more, and the log must not keep the address.
  logger.info(
    { area: 'account', user_id: userId, auto_renewal_cancelled: autoRenewalCancelled },
    'account deleted',
  );
  return { email, autoRenewalCancelled };
}
