// The buyer's "Pay" on the sandbox's approval page, for API tests: a plan's checkout is a
// subscription ('SBXSUB…'), a gift card's a one-time order ('SBX…').
import type { SandboxProvider } from '../../src/server/payments/sandbox';

/** Approves the sandbox order or subscription `id`, as the page's Pay button does; whether it could. */
export async function approveInSandbox(sandbox: SandboxProvider, id: string): Promise<boolean> {
  const row = id.startsWith('SBXSUB')
    ? await sandbox.approveSubscription(id)
    : await sandbox.approve(id);
  return row !== undefined;
}
