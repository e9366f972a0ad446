// The production HTTP server (what `npm start`, `npm run start:prod` and the test and measurement
// scripts run instead of `next start`): Next's own request handler behind Brotli compression.
//   PORT=3000 node scripts/http-server.mjs   (a build must exist: npm run build)
// - Framework files (/_next/static, hashed and immutable) go to browsers that accept Brotli as
//   the quality-11 copies written after the build (scripts/compress-static.mjs): about 17% fewer
//   bytes than gzip, for nothing at request time.
// - Everything else is compressed as it streams: Brotli quality 5 (a 200 KB page in ~4 ms, 23%
//   smaller than gzip), gzip for clients without Brotli. Next's own gzip is off (next.config.ts).
// - SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish, close Next,
//   exit 143/130 — what `next start` does, so the analytics writer's flush on shutdown still runs.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import compression from 'compression';
import { resourceHeaders, securityHeaders } from '../src/server/security/response-headers.mjs';
import { defaultSiteUrl } from '../src/server/site-url.mjs';
import { builtSiteOrigin, loadEnvFiles } from './build-if-needed.mjs';
import { compressedTypes, filesUnder } from './compress-static.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticPrefix = '/_next/static/';

/**
 * Whether an Accept-Encoding header accepts Brotli (`br`, not `br;q=0`).
 * @param {string | undefined} header
 */
export function acceptsBrotli(header) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The Brotli copies under `<distDir>/static`, by URL path (/_next/static/…), read once at start:
 * the folder only changes with a new build, which needs a restart anyway.
 * @param {string} distDir
 * @returns {Map<string, { file: string, size: number, type: string, modified: Date }>}
 */
export function brotliCopies(distDir) {
  const copies = new Map();
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
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {ReturnType<typeof brotliCopies>} copies
 * @param {{ key: string, value: string }[]} headers
 */
export function servePrecompressed(req, res, copies, headers) {
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

/**
 * PORT of `env` (3000 when unset) as a number; undefined when it is not a port number.
 * @param {Record<string, string | undefined>} env
 */
export function listenPort(env) {
  const raw = env.PORT || '3000';
  const port = Number(raw);
  return /^\d+$/.test(raw) && port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * The server's SITE_URL when `env` does not set it, and what to warn about. Prerendered pages name
 * the origin their build was made for (scripts/build-if-needed.mjs), so an unset SITE_URL means
 * that one, which `npm start` keeps equal to http://localhost:<PORT> by rebuilding when PORT
 * changes; a server started on another port from an existing build (SKIP_BUILD=1, this script
 * alone) keeps the build's origin, and says so. Never in production, which must set SITE_URL.
 * @param {{ env: Record<string, string | undefined>, built: string | undefined, port: number }} input
 * @returns {{ siteUrl?: string, warning?: string }}
 */
export function siteUrlForBuild({ env, built, port }) {
  if (!built) return {};
  if (env.SITE_URL) {
    let given;
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

/**
 * Serves the production build on `port` in this process until SIGTERM or SIGINT, then exits
 * with `exitCode(signal)` (143 and 130 by default, as `next start` does).
 * @param {number} port
 * @param {{ exitCode?: (signal: 'SIGTERM' | 'SIGINT') => number }} [options]
 */
export async function startHttpServer(port, { exitCode = defaultExitCode } = {}) {
  // Next, React and next.config.ts read NODE_ENV when loaded; a production build runs as production.
  process.env.NODE_ENV = 'production';
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
  const compress = compression({
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  const server = http.createServer((req, res) => {
    if (servePrecompressed(req, res, copies, staticHeaders)) return;
    compress(req, res, () => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
  });

  let closing = false;
  const stop = (signal) => {
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

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(undefined));
  });
  console.log(
    `http-server: serving the production build on http://localhost:${port} (${copies.size} framework files with Brotli copies)`,
  );
}

function defaultExitCode(signal) {
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
