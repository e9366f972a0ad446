// `npm start`: builds when the last build is missing or stale, then serves it in this process with
// scripts/http-server.mjs (Next behind Brotli compression) on PORT (default 3000); SIGINT and
// SIGTERM stop it (exit 0).
import { buildIfNeeded } from './build-if-needed.mjs';
import { listenPort, startHttpServer } from './http-server.mjs';

const port = listenPort(process.env);
if (port === undefined) {
  console.error(`start: PORT must be a port number (1-65535), not "${process.env.PORT}"`);
  process.exit(1);
}

try {
  await buildIfNeeded();
  await startHttpServer(port, { exitCode: () => 0 });
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
