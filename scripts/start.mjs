// `npm start`: builds when the last build is missing or stale, then serves it with
// scripts/http-server.mjs (Next behind Brotli compression) on PORT (default 3000), forwarding
// SIGINT/SIGTERM to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, repoRoot } from './build-if-needed.mjs';

const port = process.env.PORT ?? '3000';

try {
  await buildIfNeeded();
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const serverScript = path.join(repoRoot, 'scripts', 'http-server.mjs');
const child = spawn(process.execPath, [serverScript], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', PORT: port },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`start: cannot run the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
