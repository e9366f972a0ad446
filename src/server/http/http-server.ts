// The production HTTP server (what `npm start`, `npm run start:prod` and the test and measurement
// scripts run instead of `next start`): Next's own request handler behind Brotli compression.
//   PORT=3000 node --import tsx src/server/http/http-server.ts   (a build must exist: npm run build)
// - Framework files (/_next/static, hashed and immutable) go to browsers that accept Brotli as
//   the quality-11 copies written after the build (scripts/build/compress-static.ts): about 17% fewer
//   bytes than gzip, for nothing at request time.
// - Prerendered pages are compressed once and kept in memory (page-cache.ts): Brotli quality 11
//   and gzip, with Next's headers, for the life of the process.
// - Pages rendered per request load the framework's scripts after their first paint, and their
//   payload from a file kept in memory, as the prerendered ones do since the build
//   (deferred-scripts.ts, page-payloads.ts).
// - Everything else is compressed as it streams: Brotli quality 5 (a 200 KB page in ~4 ms, 23%
//   smaller than gzip), gzip for clients without Brotli. Next's own gzip is off (next.config.ts).
// - SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish, close Next,
//   exit 143/130 — what `next start` does, so the analytics writer's flush on shutdown still runs.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import compression from 'compression';
import { type Header, resourceHeaders, securityHeaders } from '../security/response-headers';
import { defaultSiteUrl, type Env } from '../site-url';
import { acceptsBrotli } from './accept-encoding';
import {
  builtSiteOrigin,
  compressedTypes,
  filesUnder,
  loadEnvFiles,
  repoRoot,
} from './build-output';
import { deferScriptsOf, isDeferredDynamicPage } from './deferred-scripts';
import { loopbackFetcher, PageCache } from './page-cache';
import { PagePayloads } from './page-payloads';

const staticPrefix = '/_next/static/';
/** What the prerendered pages' compressed copies may take in memory (page-cache.ts). */
const pageCacheBytes = 64 * 1024 * 1024;
/** What the payload files of pages rendered per request may take in memory (page-payloads.ts). */
const pagePayloadChars = 16 * 1024 * 1024;

/** A framework file's Brotli copy on disk. */
export type BrotliCopy = { file: string; size: number; type: string; modified: Date };

/**
 * The Brotli copies under `<distDir>/static`, by URL path (/_next/static/…), read once at start:
 * the folder only changes with a new build, which needs a restart anyway.
 */
export function brotliCopies(distDir: string): Map<string, BrotliCopy> {
  const copies = new Map<string, BrotliCopy>();
  const root = path.join(distDir, 'static');
  for (const file of filesUnder(root)) {
    if (!file.endsWith('.br')) continue;
    const original = file.slice(0, -'.br'.length);
    const type = compressedTypes[path.extname(original)];
    if (!type) continue;
    const stat = statSync(file);
    const urlPath = staticPrefix + path.relative(root, original).split(path.sep).join('/');
    copies.set(urlPath, { file, size: stat.size, type, modified: stat.mtime });
  }
  return copies;
}

/**
 * Serves a framework file from its Brotli copy when there is one and the client accepts Brotli;
 * answers whether it did (otherwise Next serves the file).
 */
export function servePrecompressed(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  copies: Map<string, BrotliCopy>,
  headers: Header[],
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (!url.startsWith(staticPrefix)) return false;
  const copy = copies.get(url.split('?')[0] ?? '');
  if (!copy || !acceptsBrotli(req.headers['accept-encoding'])) return false;
  for (const { key, value } of headers) res.setHeader(key, value);
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('Content-Type', copy.type);
  res.setHeader('Content-Encoding', 'br');
  res.setHeader('Content-Length', copy.size);
  res.setHeader('Last-Modified', copy.modified.toUTCString());
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const stream = createReadStream(copy.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
  return true;
}

/** PORT of `env` (3000 when unset) as a number; undefined when it is not a port number. */
export function listenPort(env: Env): number | undefined {
  const raw = env.PORT || '3000';
  const port = Number(raw);
  return /^\d+$/.test(raw) && port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * The server's SITE_URL when `env` does not set it, and what to warn about. Prerendered pages name
 * the origin their build was made for (scripts/build/build-if-needed.ts), so an unset SITE_URL means
 * that one, which `npm start` keeps equal to http://localhost:<PORT> by rebuilding when PORT
 * changes; a server started on another port from an existing build (SKIP_BUILD=1, this script
 * alone) keeps the build's origin, and says so. Never in production, which must set SITE_URL.
 */
export function siteUrlForBuild({
  env,
  built,
  port,
}: {
  env: Env;
  built: string | undefined;
  port: number;
}): { siteUrl?: string; warning?: string } {
  if (!built) return {};
  if (env.SITE_URL) {
    let given: string;
    try {
      given = new URL(env.SITE_URL).origin;
    } catch {
      return {}; // the server's configuration names the invalid value
    }
    return given === built
      ? {}
      : {
          warning:
            `SITE_URL is ${given} but this build's pages name ${built} ` +
            '(canonical URLs, sitemap): rebuild with this SITE_URL',
        };
  }
  if (env.APP_ENV === 'production') return {};
  const local = defaultSiteUrl({ PORT: String(port) });
  return {
    siteUrl: built,
    warning:
      built === local
        ? undefined
        : `SITE_URL is unset: using ${built}, the origin this build was made for, not ${local}; ` +
          'set SITE_URL or rebuild (npm start rebuilds)',
  };
}

type StopSignal = 'SIGTERM' | 'SIGINT';

/**
 * Serves the production build on `port` in this process until SIGTERM or SIGINT, then exits
 * with `exitCode(signal)` (143 and 130 by default, as `next start` does).
 */
export async function startHttpServer(
  port: number,
  { exitCode = defaultExitCode }: { exitCode?: (signal: StopSignal) => number } = {},
): Promise<void> {
  // Next, React and next.config.ts read NODE_ENV when loaded; a production build runs as production.
  (process.env as Env).NODE_ENV = 'production';
  loadEnvFiles(repoRoot);
  const site = siteUrlForBuild({ env: process.env, built: builtSiteOrigin(repoRoot), port });
  if (site.siteUrl) process.env.SITE_URL = site.siteUrl;
  if (site.warning) console.warn(`http-server: ${site.warning}`);
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: repoRoot, hostname: 'localhost', port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const copies = brotliCopies(path.join(repoRoot, '.next'));
  const staticHeaders = [...securityHeaders(true), ...resourceHeaders];
  // Connect middleware: it only uses what Node's request and response have, though its types
  // name Express's.
  const compress = compression({
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  }) as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

  const pages = new PageCache(pageCacheBytes);
  const buildId = readFileSync(path.join(repoRoot, '.next', 'BUILD_ID'), 'utf8').trim();
  const payloads = new PagePayloads(buildId, pagePayloadChars);
  const server = http.createServer((req, res) => {
    if (servePrecompressed(req, res, copies, staticHeaders)) return;
    if (pages.serve(req, res)) return;
    const failed = () => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    };
    compress(req, res, () => {
      if (payloads.handles(req)) {
        payloads.answer(req, res, staticHeaders).catch(failed);
        return;
      }
      // The pricing page and the blog, rendered per request, get their scripts after the first
      // paint and their payload from a file as they stream (their only forms have an action of
      // their own).
      const url = req.url ?? '';
      if (isDeferredDynamicPage(url)) deferScriptsOf(res, payloads.keeperFor(url));
      handle(req, res).catch(failed);
    });
  });

  let closing = false;
  const stop = (signal: StopSignal) => {
    if (closing) return;
    closing = true;
    server.close(() => {
      Promise.resolve(app.close?.())
        .catch(() => {})
        .finally(() => process.exit(exitCode(signal)));
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  // Both render through this server, marked so that the page cache neither answers nor fills them.
  const loopback = loopbackFetcher(port, pages.marker);
  pages.setFetcher(loopback);
  payloads.setFetcher(loopback);
  console.log(
    `http-server: serving the production build on http://localhost:${port} (${copies.size} framework files with Brotli copies)`,
  );
}

function defaultExitCode(signal: StopSignal): number {
  return signal === 'SIGINT' ? 130 : 143;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const port = listenPort(process.env);
  if (port === undefined) {
    console.error(`http-server: PORT must be a port number (1-65535), not "${process.env.PORT}"`);
    process.exit(1);
  }
  startHttpServer(port).catch((error) => {
    console.error(`http-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
