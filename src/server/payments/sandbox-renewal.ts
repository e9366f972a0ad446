import 'server-only';
import type { Db } from '@/server/db/client';
import { type Reconciliation, reconcileSubscription } from './billing';
import { findAccountIdByEmail } from './queries/accounts';
import {
  findAccountBillingSubscription,
  findBillingSubscriptionOfProvider,
} from './queries/billing-subscriptions';
import type { SandboxProvider } from './sandbox';

/**
 * Development: runs a sandbox subscription's next renewal now (or makes it fail), then records
 * it through the same reconciliation PayPal's events trigger, so a newcomer sees a renewal, a
 * failed renewal and its recovery without PayPal. Throws for a subscription that is not one of
 * the sandbox's, or that cannot renew (not active).
 */
export async function runSandboxRenewal(
  db: Db,
  sandbox: SandboxProvider,
  providerSubscriptionId: string,
  options: { fail?: boolean } = {},
): Promise<Reconciliation> {
  const subscription = await findBillingSubscriptionOfProvider(db, {
    provider: sandbox.name,
    providerSubscriptionId,
  });
  if (!subscription) throw new Error(`no sandbox subscription ${providerSubscriptionId}`);
  await sandbox.renewSubscription(providerSubscriptionId, { fail: options.fail ?? false });
  return reconcileSubscription(db, sandbox, subscription);
}

/** The sandbox subscription that renews the plan of the account with this email, if any. */
export async function sandboxSubscriptionOfEmail(
  db: Db,
  email: string,
): Promise<string | undefined> {
  const account = await findAccountIdByEmail(db, { email });
  if (!account) return undefined;
  const subscription = await findAccountBillingSubscription(db, { userId: account.id });
  return subscription?.provider === 'sandbox' ? subscription.providerSubscriptionId : undefined;
}
