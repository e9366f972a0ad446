// The API alone on @hono/node-server, without Next: for the events benchmark
// (scripts/bench/bench-events.ts) and the shutdown test. Run with
//   node --conditions=react-server --import tsx src/server/analytics/standalone-server.ts
// It prints `listening <port>` when ready; SIGTERM/SIGINT stop accepting, let the requests in
// flight finish, store every buffered event, close the database and exit 0.
import type { Server } from 'node:http';
import net from 'node:net';
import { serve } from '@hono/node-server';
import { flushAnalytics } from '@/server/analytics';
import { createApp } from '@/server/api/app';
import { installPeerAddressHook } from '@/server/geo';
import { logger } from '@/server/log';
import { prepareDatabase } from '@/server/startup';

// How long connections accepted before the signal may take to send their request.
const graceMs = 1_000;

/**
 * Stops accepting connections and resolves when every accepted one has ended. Node's
 * server.close() also drops idle connections at once, and a connection accepted a moment
 * before, whose request has not been read yet, counts as idle: its client would see a reset.
 * So the listener closes first, and idle connections only after a grace period.
 */
function closeGracefully(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
    setTimeout(() => server.closeIdleConnections(), graceMs).unref();
  });
}

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
    await closeGracefully(server as Server);
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
