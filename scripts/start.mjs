// `npm start`: builds when the last build is missing or stale, then serves it in this process with
// scripts/http-server.mjs (Next behind Brotli compression) on PORT (default 3000); SIGINT and
// SIGTERM stop it (exit 0). Without SITE_URL the site's origin is http://localhost:<PORT>, which
// the pages are built for: another PORT than the last build's means a new build.
// Settings may also come from .env files, read here as Next reads them.
import { buildIfNeeded, loadEnvFiles } from './build-if-needed.mjs';
import { listenPort, startHttpServer } from './http-server.mjs';

loadEnvFiles();
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
