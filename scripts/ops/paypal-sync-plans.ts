// `npm run paypal:sync-plans`: makes PayPal's billing plans equal to the plan catalogue now (the
// server also does this at start and every hour): the product, a billing plan for each active
// row whose terms changed, the replaced ones deactivated. Idempotent. Needs the PayPal settings
// (docs/operations.md, Payments); run with --conditions=react-server like the other commands.
import { runCommand } from '../command';

async function main(): Promise<number> {
  const { prepareDatabase } = await import('../../src/server/startup');
  const { createPayPalProvider, paypalOptionsFromConfig } = await import(
    '../../src/server/payments/paypal'
  );
  const { syncProviderPlans } = await import('../../src/server/payments/plan-sync');
  const { settings, handle } = await prepareDatabase();
  try {
    const paypal = paypalOptionsFromConfig(settings);
    if (!paypal) {
      console.error(
        'paypal:sync-plans: PayPal is not configured (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET); ' +
          'the built-in sandbox needs no billing plans',
      );
      return 1;
    }
    const report = await syncProviderPlans(handle.db, createPayPalProvider(paypal));
    console.log(
      `paypal:sync-plans: ${report.created.length} made (${report.created.join(', ') || 'none'}), ` +
        `${report.unchanged.length} unchanged, ${report.deactivated.length} replaced plans deactivated`,
    );
    for (const { planId, reason } of report.skipped) {
      console.error(`paypal:sync-plans: ${planId} skipped: ${reason}`);
    }
    return report.skipped.length > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

runCommand('paypal:sync-plans', main);
