// `npm run sandbox:renew -- --email a@example.com [--fail]`: development only. Runs the next
// renewal of the account's plan in the built-in sandbox now (or makes it fail), recorded the way
// PayPal's renewals are, and prints the account's premium date after it. Refused with PayPal
// configured or in production (there, PayPal renews). Run with --conditions=react-server.
import { parseArgs } from 'node:util';
import type { SandboxProvider } from '../../src/server/payments/sandbox';
import { runCommand } from '../command';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, fail: { type: 'boolean', default: false } },
    strict: true,
  });
  const email = (values.email ?? '').trim().toLowerCase();
  if (!email) {
    console.error('sandbox:renew: --email is required');
    return 2;
  }
  const { prepareDatabase } = await import('../../src/server/startup');
  const { providerFromConfig } = await import('../../src/server/payments');
  const { runSandboxRenewal, sandboxSubscriptionOfEmail } = await import(
    '../../src/server/payments/sandbox-renewal'
  );
  const { subscriptionMy } = await import('../../src/server/payments/account-payments');
  const { findAccountIdByEmail } = await import('../../src/server/payments/queries/accounts');
  const { settings, handle } = await prepareDatabase();
  try {
    const provider = providerFromConfig(() => handle.db);
    if (settings.APP_ENV === 'production' || provider.name !== 'sandbox') {
      console.error('sandbox:renew: only with the built-in sandbox (no PayPal credentials)');
      return 1;
    }
    const id = await sandboxSubscriptionOfEmail(handle.db, email);
    if (!id) {
      console.error(`sandbox:renew: ${email} has no plan that renews`);
      return 1;
    }
    const result = await runSandboxRenewal(handle.db, provider as SandboxProvider, id, {
      fail: values.fail,
    });
    const owner = await findAccountIdByEmail(handle.db, { email });
    const now = owner ? await subscriptionMy(handle.db, owner.id) : undefined;
    console.log(
      `sandbox:renew: ${values.fail ? 'failed' : `${result.renewals.length} renewal recorded`}; ` +
        `status ${result.status}, premium until ${now?.subscription?.premium_until ?? 'none'}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand('sandbox:renew', main);
