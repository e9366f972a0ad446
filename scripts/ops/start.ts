// `npm start`: builds when the last build is missing or stale, then serves it in this process with
// the production HTTP server (src/server/http/http-server.ts: Next behind Brotli compression) on
// PORT (default 3000); SIGINT and SIGTERM stop it (exit 0). Without SITE_URL the site's origin is
// http://localhost:<PORT>, which the pages are built for: another PORT than the last build's means
// a new build. Settings may also come from .env files, read here as Next reads them.
import { loadEnvFiles } from '../../src/server/http/build-output';
import { listenPort, startHttpServer } from '../../src/server/http/http-server';
import { buildIfNeeded } from '../build/build-if-needed';

async function main(): Promise<void> {
  loadEnvFiles();
  const port = listenPort(process.env);
  if (port === undefined) {
    console.error(`start: PORT must be a port number (1-65535), not "${process.env.PORT}"`);
    process.exit(1);
  }
  await buildIfNeeded();
  await startHttpServer(port, { exitCode: () => 0 });
}

// Not runCommand: the server keeps the process alive after main has started it.
main().catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
