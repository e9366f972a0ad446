// The prerendered pages' answers, compressed once and kept in memory (docs/perf.md, "Prerendered
// pages"). Every browser asks for Brotli, and compressing a 170 KB page on each request cost more
// than everything else the server does for it; a prerendered page only changes with a new build,
// which needs a restart. The first request for a page is answered by Next as before; after that
// 200, a second request made by this process (the "fill") fetches the same answer uncompressed,
// and when Next marked it as a prerendered answer that is the same for everyone with the key, its
// Brotli (quality 11) and gzip copies are kept with its headers. Later requests with the same key
// get them without reaching Next or the proxy.
//
// The key is everything the proxy and Next decide a page answer by: the path (requests with a
// query string are never cached), the language cookie (redirects and the cookie it sets), whether
// a session or checkout cookie is present (the protected pages), and no router headers (RSC
// requests answer the page's payload instead of its HTML). The cache holds what Cache-Control
// lets a shared cache (a CDN) keep, `public` answers, and the answers kept from shared caches only
// because they set the language cookie, which is the same for every request with the key.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { localeCookieName } from '@/lib/locales';
import { checkoutCookieName, sessionCookieName } from '@/lib/session-cookie';
import { acceptsBrotli, acceptsEncoding } from './accept-encoding';
import { SizedLru } from './sized-lru';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Request headers that make Next answer something other than the page's HTML. */
const routerHeaders = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
  'range',
];

/** Headers of an answer that belong to one connection or one body, not to the page. */
const perAnswerHeaders = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
]);

/** One cached page: its headers as Next sent them and its body in two encodings. */
export type CachedPage = {
  status: number;
  headers: [string, string | string[]][];
  etag: string | undefined;
  br: Buffer;
  gzip: Buffer;
};

const cookieNames = [localeCookieName, sessionCookieName, checkoutCookieName];
const maxUnkept = 10_000;

/** The values of the cookies the key depends on; undefined when one is sent twice (ambiguous). */
function keyCookies(header: string | undefined): string[] | undefined {
  const values: (string | undefined)[] = cookieNames.map(() => undefined);
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = (at === -1 ? part : part.slice(0, at)).trim();
    const index = cookieNames.indexOf(name);
    if (index === -1) continue;
    if (values[index] !== undefined) return undefined;
    values[index] = at === -1 ? '' : part.slice(at + 1).trim();
  }
  // The language cookie's value decides; the other two only by being there.
  return [
    values[0] ?? '-',
    values[1] === undefined ? '-' : '+',
    values[2] === undefined ? '-' : '+',
  ];
}

/** The cache key of a request, or undefined when its answer is never taken from the cache. */
export function pageCacheKey(req: http.IncomingMessage): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = req.url ?? '';
  if (!url.startsWith('/') || url.includes('?') || url.startsWith('/_next/')) return undefined;
  if (url.startsWith('/api/') || url.startsWith('/ws/')) return undefined;
  for (const name of routerHeaders) if (req.headers[name] !== undefined) return undefined;
  const cookies = keyCookies(req.headers.cookie);
  if (!cookies) return undefined;
  return `${url}\n${cookies.join('\n')}`;
}

/**
 * Whether Next's answer is a prerendered page that any visitor with the same key gets: `public`,
 * or kept from shared caches only because it sets the language cookie (the same cookie for
 * everyone with the key; its expiry is renewed when served).
 */
export function isCacheableAnswer(status: number, headers: http.IncomingHttpHeaders): boolean {
  if (status !== 200) return false;
  if (headers['x-nextjs-prerender'] === undefined) return false;
  if (!/^text\/html/i.test(String(headers['content-type'] ?? ''))) return false;
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  if (/no-store/.test(cacheControl)) return false;
  const cookies = headers['set-cookie'] ?? [];
  if (cookies.length === 0) return /(^|,)\s*public\s*(,|$)/.test(cacheControl);
  return cookies.every((cookie) => cookie.startsWith(`${localeCookieName}=`));
}

/** A stored Set-Cookie header with its Expires moved to now + its Max-Age. */
export function renewedCookie(cookie: string, now = Date.now()): string {
  const maxAge = /;\s*max-age=(\d+)/i.exec(cookie)?.[1];
  if (maxAge === undefined) return cookie;
  const expires = new Date(now + Number(maxAge) * 1000).toUTCString();
  return cookie.replace(/(;\s*expires=)[^;]*/i, `$1${expires}`);
}

/** Makes a cache entry from an uncompressed answer (compression runs off the main thread). */
export async function cachedPage(
  status: number,
  headers: http.IncomingHttpHeaders,
  body: Buffer,
): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const kept: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || perAnswerHeaders.has(name)) continue;
    kept.push([name, value]);
  }
  const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
  return { status, headers: kept, etag, br, gzip: gz };
}

/**
 * Answers a request from a cached page in the best encoding the client accepts; answers false
 * (and sends nothing) for a client that accepts neither Brotli nor gzip, which Next then serves.
 */
export function serveCachedPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: CachedPage,
): boolean {
  const accepted = req.headers['accept-encoding'];
  const encoding = acceptsBrotli(accepted) ? 'br' : acceptsEncoding(accepted, 'gzip') ? 'gzip' : '';
  if (!encoding) return false;
  for (const [name, value] of page.headers) {
    res.setHeader(
      name,
      name === 'set-cookie' && Array.isArray(value) ? value.map((c) => renewedCookie(c)) : value,
    );
  }
  const match = req.headers['if-none-match'];
  if (page.etag && match?.split(',').some((tag) => tag.trim() === page.etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const body = encoding === 'br' ? page.br : page.gzip;
  res.statusCode = page.status;
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
  return true;
}

/** An HTTP answer read whole: status, headers and the body as sent. */
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** Reads a response to its end. */
export function readAnswer(response: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks),
      }),
    );
    response.on('error', reject);
  });
}

/** Fetches a page from this server as the cache's fill: uncompressed, only the key's cookies. */
export type Fetcher = (url: string, cookie: string | undefined) => Promise<Answer>;

/** A fetcher that asks this server at 127.0.0.1:`port`, marked with `marker` as a fill. */
export function loopbackFetcher(port: number, marker: [string, string]): Fetcher {
  return (url, cookie) =>
    new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = {
        'accept-encoding': 'identity',
        [marker[0]]: marker[1],
      };
      if (cookie) headers.cookie = cookie;
      const request = http.get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        readAnswer(response).then(resolve, reject);
      });
      request.setTimeout(30_000, () => request.destroy(new Error('page cache fill timed out')));
      request.on('error', reject);
    });
}

/**
 * The cache: pages by key, the least recently used dropped first once the compressed bodies
 * pass `maxBytes`.
 */
export class PageCache {
  private readonly pages: SizedLru<CachedPage>;
  private readonly filling = new Set<string>();
  /** Keys whose answer was found not to be a page that can be kept (rendered per request). */
  private readonly unkept = new Set<string>();
  /** The header that marks this process's own fill requests (its value is a per-process secret). */
  readonly marker: [string, string] = ['x-page-cache-fill', randomBytes(16).toString('hex')];

  constructor(
    maxBytes: number,
    private fetcher?: Fetcher,
  ) {
    this.pages = new SizedLru(maxBytes, (page) => page.br.length + page.gzip.length);
  }

  /** Sets how fills fetch a page (the server's own address, known once it listens). */
  setFetcher(fetcher: Fetcher): void {
    this.fetcher = fetcher;
  }

  get size(): number {
    return this.pages.size;
  }

  get usedBytes(): number {
    return this.pages.usedSize;
  }

  /**
   * Serves `req` from the cache when it can and answers true; otherwise answers false, and once
   * the answer to a request that could be cached has gone out with a 200, fills its key in the
   * background.
   */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.headers[this.marker[0]] === this.marker[1]) return false;
    const key = pageCacheKey(req);
    if (key === undefined) return false;
    const page = this.pages.get(key);
    if (page) return serveCachedPage(req, res, page);
    // Filled only after a 200 for a key not already found to be a page that cannot be kept: a
    // flood of requests for missing pages, or for a page rendered per request, costs no second
    // render each.
    const url = req.url ?? '/';
    const cookie = req.headers.cookie;
    res.once('finish', () => {
      if (res.statusCode === 200 && !this.unkept.has(key)) void this.fill(key, url, cookie);
    });
    return false;
  }

  /** Fetches and keeps one key's page (at most one fill per key at a time); never throws. */
  fill(key: string, url: string, cookieHeader: string | undefined): Promise<void> {
    const fetcher = this.fetcher;
    if (!fetcher || this.filling.has(key) || this.pages.has(key)) return Promise.resolve();
    this.filling.add(key);
    return fetcher(url, onlyKeyCookies(cookieHeader))
      .then(async (answer) => {
        if (!isCacheableAnswer(answer.status, answer.headers)) {
          // Bounded: keys are paths without query strings and a few cookie values.
          if (this.unkept.size >= maxUnkept) this.unkept.clear();
          this.unkept.add(key);
          return;
        }
        this.pages.set(key, await cachedPage(answer.status, answer.headers, answer.body));
      })
      .catch(() => {}) // the page was served by Next anyway; a later request tries again
      .finally(() => this.filling.delete(key));
  }
}

/** The request's cookie header reduced to the cookies the key depends on. */
function onlyKeyCookies(header: string | undefined): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => cookieNames.includes(part.split('=')[0]?.trim() ?? ''));
  return kept.length > 0 ? kept.join('; ') : undefined;
}
