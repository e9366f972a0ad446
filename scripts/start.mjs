// `npm start`: builds when the last build is missing or stale, then serves it with
// `next start` on PORT (default 3000), forwarding SIGINT/SIGTERM to the server.
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

const nextBin = path.join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next');
const child = spawn(process.execPath, [nextBin, 'start', '-p', port], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`start: cannot run next start: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
