import 'server-only';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { Payments } from './billing';
import { createPayPalProvider, paypalOptionsFromConfig } from './paypal';
import { createSandboxProvider } from './sandbox';

/**
 * The provider the settings choose: PayPal when its credentials are set, else the built-in
 * sandbox (refused in production by config.ts). One instance per process: PayPal's access
 * token is cached in it (a cache only; nothing else is kept in memory).
 */
export function providerFromConfig(db: () => Db): Payments {
  const settings = config();
  const paypal = paypalOptionsFromConfig(settings);
  return paypal ? createPayPalProvider(paypal) : createSandboxProvider(db, settings.SITE_URL);
}
