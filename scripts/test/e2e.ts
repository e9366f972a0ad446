// `npm run test:e2e`: builds when needed, starts the production server on a fresh
// embedded database, runs Playwright against it and always stops the server.
// Arguments are passed to `playwright test` (e.g. `npm run test:e2e -- tests/e2e/seo.spec.ts`).
// Environment: E2E_PORT (default 3100), CHROMIUM_PATH, SITE_URL (passed to the server and tests),
// SKIP_BUILD=1 to test the existing build as it is.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../src/server/http/build-output';
import { buildIfNeeded } from '../build/build-if-needed';
import { runCommand } from '../command';
import { type ProductionServer, reportStartError, startProductionServer } from './serve-production';

const prefix = 'e2e';
const port = Number(process.env.E2E_PORT ?? 3100);

function ensureChromium(): void {
  const result = spawnSync('bash', [path.join(repoRoot, 'scripts', 'test', 'ensure-chromium.sh')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`${prefix}: Chromium is not available; see the message above`);
    process.exit(1);
  }
}

function runPlaywright(baseUrl: string, args: string[]): Promise<number> {
  const cli = path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'test', ...args], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl },
    });
    child.on('error', (error) => {
      console.error(`${prefix}: cannot run playwright: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  ensureChromium();
  try {
    await buildIfNeeded({ log: (line) => console.log(line) });
  } catch (error) {
    console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  console.log(`${prefix}: starting the production server on port ${port} with a fresh PGLITE_DIR`);
  let server: ProductionServer;
  try {
    server = await startProductionServer({ port, timeoutMs: 60_000 });
  } catch (error) {
    reportStartError(error, prefix);
    return 1;
  }

  let stopping = false;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`${prefix}: ${signal}, stopping the server`);
    server.stop().finally(() => process.exit(130));
  };
  process.on('SIGINT', stopOnSignal);
  process.on('SIGTERM', stopOnSignal);

  try {
    console.log(`${prefix}: server ready at ${server.baseUrl}; running playwright`);
    return await runPlaywright(server.baseUrl, process.argv.slice(2));
  } finally {
    if (!stopping) await server.stop();
  }
}

runCommand(prefix, main, { stack: true });
