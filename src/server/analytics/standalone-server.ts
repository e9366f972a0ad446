// The API alone on @hono/node-server, without Next: for the events benchmark
// (scripts/bench-events.mjs) and the shutdown test. Run with
//   node --conditions=react-server --import tsx src/server/analytics/standalone-server.ts
// It prints `listening <port>` when ready; SIGTERM/SIGINT stop accepting, store every buffered
// event, close the database and exit 0.
import { serve } from '@hono/node-server';
import { flushAnalytics } from '@/server/analytics';
import { createApp } from '@/server/api/app';
import { installPeerAddressHook } from '@/server/geo';
import { logger } from '@/server/log';
import { prepareDatabase } from '@/server/startup';

async function main(): Promise<void> {
  installPeerAddressHook();
  const { handle } = await prepareDatabase();
  const app = createApp({ db: () => handle });
  const server = serve(
    { fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0) },
    // For the parent process (benchmark, test), not a log line.
    (info) => process.stdout.write(`listening ${info.port}\n`),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await flushAnalytics();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  logger.fatal({ area: 'analytics', err: error }, 'standalone API server failed');
  process.exit(1);
});
