// The fleet test: two production instances (`npm run start:prod`) started together on one
// empty PostgreSQL database must behave as one site (tests/fleet/fleet.test.ts). Needs
// TEST_DATABASE_URL, which scripts/test/with-postgres.sh sets:
//   bash scripts/test/with-postgres.sh node --import tsx scripts/test/fleet-test.ts
// Without it the test is skipped. Uses the existing production build (building only when it is
// missing or stale, so after `npm run test:e2e` no second build runs; SKIP_BUILD=1 as usual).
// FLEET_ECHO=1 shows the instances' own output. Arguments go to vitest.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../src/server/http/build-output';
import { buildIfNeeded } from '../build/build-if-needed';

const prefix = 'fleet-test';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    `${prefix}: PostgreSQL not available (no TEST_DATABASE_URL), skipping; ` +
      'run it through scripts/test/with-postgres.sh',
  );
  process.exit(0);
}

function runVitest(): void {
  const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const child = spawn(
    process.execPath,
    [vitest, 'run', '--config', 'vitest.fleet.config.ts', ...process.argv.slice(2)],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error(`${prefix}: cannot run vitest: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

buildIfNeeded({ log: (line) => console.log(line) }).then(runVitest, (error: unknown) => {
  console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
