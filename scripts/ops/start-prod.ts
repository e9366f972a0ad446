// `npm run start:prod`: the production server for operators. Sets APP_ENV=production (no demo
// data, Secure cookies, the real payment provider), refuses to start when a required setting is
// missing (naming every one) or PayPal points at its sandbox without
// PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1, builds when the last build is missing or stale (SKIP_BUILD=1: use
// the build as it is, e.g. in a container image), then serves it in this process with
// the production HTTP server (src/server/http/http-server.ts) on PORT (default 3000) until SIGINT or SIGTERM (exit 0). Settings may
// also come from .env files, which Next loads the same way. Several instances may share one
// PostgreSQL (docs/operations.md).
import { loadEnvFiles } from '../../src/server/http/build-output';
import { listenPort, startHttpServer } from '../../src/server/http/http-server';
import {
  missingProductionSettings,
  refusedProductionSettings,
} from '../../src/server/http/production-settings';
import { buildIfNeeded } from '../build/build-if-needed';

const prefix = 'start:prod';

// The same files, in the same order, as `next start` reads (.env.production.local, .env.local,
// .env.production, .env); the real environment wins over all of them.
loadEnvFiles();
process.env.APP_ENV = 'production';

const missing = missingProductionSettings(process.env);
if (missing.length > 0) {
  console.error(
    `${prefix}: cannot start with APP_ENV=production: missing ${missing.join(', ')}. ` +
      'Set them in the environment or a .env file (see docs/operations.md).',
  );
  process.exit(1);
}

const refused = refusedProductionSettings(process.env);
if (refused.length > 0) {
  console.error(
    `${prefix}: cannot start with APP_ENV=production: ${refused.join(', ')} would take payments ` +
      'that are never paid for. Remove it, or set PAYPAL_ALLOW_SANDBOX_IN_PRODUCTION=1 for a ' +
      'site that must not take money (see docs/operations.md).',
  );
  process.exit(1);
}

const port = listenPort(process.env);
if (port === undefined) {
  console.error(`${prefix}: PORT must be a port number (1-65535), not "${process.env.PORT}"`);
  process.exit(1);
}

buildIfNeeded()
  .then(() => startHttpServer(port, { exitCode: () => 0 }))
  .catch((error: unknown) => {
    console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
