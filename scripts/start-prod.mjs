// `npm run start:prod`: the production server for operators. Sets APP_ENV=production (no demo
// data, Secure cookies, the real payment provider), refuses to start when a required setting is
// missing (naming every one), builds when the last build is missing or stale (SKIP_BUILD=1: use
// the build as it is, e.g. in a container image), then serves it with scripts/http-server.mjs on
// PORT (default 3000), forwarding SIGINT/SIGTERM. Settings may also come from .env files, which
// Next loads the same way. Several instances may share one PostgreSQL (docs/operations.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import nextEnv from '@next/env';
import { buildIfNeeded, repoRoot } from './build-if-needed.mjs';
import { missingProductionSettings } from './production-settings.mjs';

const prefix = 'start:prod';

// The same files, in the same order, as `next start` reads (.env.production.local, .env.local,
// .env.production, .env); the real environment wins over all of them.
nextEnv.loadEnvConfig(repoRoot, false, { info: () => {}, error: console.error });
process.env.APP_ENV = 'production';

const missing = missingProductionSettings(process.env);
if (missing.length > 0) {
  console.error(
    `${prefix}: cannot start with APP_ENV=production: missing ${missing.join(', ')}. ` +
      'Set them in the environment or a .env file (see docs/operations.md).',
  );
  process.exit(1);
}

const port = process.env.PORT || '3000';
if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`${prefix}: PORT must be a port number (1-65535), not "${port}"`);
  process.exit(1);
}

try {
  await buildIfNeeded();
} catch (error) {
  console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const serverScript = path.join(repoRoot, 'scripts', 'http-server.mjs');
const child = spawn(process.execPath, [serverScript], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', APP_ENV: 'production', PORT: port },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`${prefix}: cannot run the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
