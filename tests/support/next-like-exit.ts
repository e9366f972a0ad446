// Child process for src/server/analytics/shutdown.test.ts: handles SIGTERM the way `next start`
// does (its listener exits asynchronously, after closing the server) and registers a slow flush.
import { writeFileSync } from 'node:fs';
import { flushOnShutdown } from '../../src/server/analytics/shutdown';

const nextListenerFirst = process.env.ORDER === 'next-first';
const nextLike = () => {
  setImmediate(() => process.exit(143));
};
if (nextListenerFirst) process.on('SIGTERM', nextLike);
flushOnShutdown(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  writeFileSync(process.env.OUT ?? '', 'flushed');
});
if (!nextListenerFirst) process.on('SIGTERM', nextLike);
console.log('ready');
setInterval(() => {}, 1000);
