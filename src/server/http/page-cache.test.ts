import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  isCacheableAnswer,
  loopbackFetcher,
  PageCache,
  readAnswer,
  renewedCookie,
} from './page-cache';

// A stand-in for Next behind the cache: prerendered pages, one that sets the language cookie,
// and answers that must never be kept.
const calls: string[] = [];
const page = (language: string) => `<!doctype html><p>${'prerendered '.repeat(400)}${language}</p>`;

function fakeNext(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? '';
  calls.push(`${url} ${req.headers['x-page-cache-fill'] ? 'fill' : 'visitor'}`);
  const language = /LANGUAGE=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? 'none';
  const prerendered = {
    'content-type': 'text/html; charset=utf-8',
    'x-nextjs-prerender': '1',
    etag: '"v1"',
    'content-security-policy': "script-src 'sha256-abc'",
  };
  if (url.startsWith('/static')) {
    res.writeHead(200, { ...prerendered, 'cache-control': 'public, max-age=0, s-maxage=3600' });
  } else if (url === '/sets-language') {
    res.writeHead(200, {
      ...prerendered,
      'cache-control': 'private, no-cache',
      'set-cookie': 'LANGUAGE=ar; Path=/; Expires=Thu, 01 Jan 2026 00:00:00 GMT; Max-Age=31536000',
    });
  } else if (url === '/sets-session') {
    res.writeHead(200, {
      ...prerendered,
      'cache-control': 'private',
      'set-cookie': 'paypal_token=x',
    });
  } else if (url === '/no-store') {
    res.writeHead(200, { ...prerendered, 'cache-control': 'private, no-store' });
  } else if (url === '/dynamic') {
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public' });
  } else {
    res.writeHead(404, { 'content-type': 'text/html', 'cache-control': 'public' });
  }
  res.end(page(language));
}

let server: http.Server;
let port: number;
let cache: PageCache;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return;
    fakeNext(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

beforeEach(() => {
  cache = new PageCache(1024 * 1024);
  cache.setFetcher(loopbackFetcher(port, cache.marker));
  calls.length = 0;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function get(path: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      readAnswer(response).then(resolve, reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

const visitorCalls = () => calls.filter((call) => call.endsWith('visitor')).length;
const br = { 'accept-encoding': 'gzip, deflate, br' };

describe('PageCache', () => {
  it('compresses a prerendered page once and serves it without Next afterwards', async () => {
    const first = await get('/static', br);
    expect(first.status).toBe(200);
    await until(() => cache.size === 1);
    const answers = await Promise.all([
      get('/static', br),
      get('/static', { 'accept-encoding': 'gzip' }),
      get('/static', br, 'HEAD'),
    ]);
    expect(visitorCalls()).toBe(1);
    const [brotli, gzip, head] = answers as [Answer, Answer, Answer];
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(page('none'));
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.headers['content-security-policy']).toBe("script-src 'sha256-abc'");
    expect(brotli.headers['cache-control']).toBe('public, max-age=0, s-maxage=3600');
    expect(brotli.headers.etag).toBe('"v1"');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page('none'));
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(brotli.headers['content-length']);
    // A client that takes neither encoding gets Next's answer.
    const plain = await get('/static', {});
    expect(plain.body.toString()).toBe(page('none'));
    expect(visitorCalls()).toBe(2);
  });

  it('fills a page once when many first requests arrive together', async () => {
    await Promise.all(Array.from({ length: 30 }, () => get('/static', br)));
    await until(() => cache.size === 1);
    expect(calls.filter((call) => call.endsWith('fill'))).toHaveLength(1);
  });

  it('keeps a page per language cookie and leaves ambiguous or other requests to Next', async () => {
    await get('/static', { ...br, cookie: 'LANGUAGE=de; theme=dark' });
    await get('/static', br);
    await until(() => cache.size === 2);
    const german = await get('/static', { ...br, cookie: 'consent=1; LANGUAGE=de' });
    expect(brotliDecompressSync(german.body).toString()).toBe(page('de'));
    const none = await get('/static', br);
    expect(brotliDecompressSync(none.body).toString()).toBe(page('none'));
    calls.length = 0;
    await get('/static', { ...br, cookie: 'LANGUAGE=de; LANGUAGE=fr' });
    await get('/static?utm=x', br);
    await get('/static', { ...br, rsc: '1' });
    await get('/static', { ...br, 'next-router-prefetch': '1' });
    await get('/static', { ...br, range: 'bytes=0-10' });
    await get('/static', br, 'POST');
    // A client naming the fill header without the process's secret is a visitor.
    await get('/static', { ...br, 'x-page-cache-fill': 'guess' });
    expect(visitorCalls()).toBe(6);
    expect(calls.filter((call) => call.endsWith('fill'))).toHaveLength(0);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    await get('/static', br);
    await until(() => cache.size === 1);
    const again = await get('/static', { ...br, 'if-none-match': 'W/"x", "v1"' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const changed = await get('/static', { ...br, 'if-none-match': '"v0"' });
    expect(changed.status).toBe(200);
  });

  it('keeps a page that sets the language cookie and renews the cookie expiry', async () => {
    await get('/sets-language', br);
    await until(() => cache.size === 1);
    const answer = await get('/sets-language', br);
    expect(visitorCalls()).toBe(1);
    const cookie = answer.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^LANGUAGE=ar; Path=\/; Expires=/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 31_536_000_000))).toBeLessThan(5_000);
  });

  it('never keeps answers that set other cookies, are not stored, not prerendered or not 200', async () => {
    for (const path of ['/sets-session', '/no-store', '/dynamic', '/missing']) await get(path, br);
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.size).toBe(0);
    for (const path of ['/sets-session', '/no-store', '/dynamic', '/missing']) await get(path, br);
    expect(visitorCalls()).toBe(8);
    // A missing page is never fetched again, and a page that cannot be kept only once: a flood
    // of such requests costs one render each.
    expect(calls.filter((call) => call.endsWith('fill'))).toEqual([
      '/sets-session fill',
      '/no-store fill',
      '/dynamic fill',
    ]);
  });

  it('drops the least recently used pages beyond its byte budget', async () => {
    await get('/static-a', br);
    await until(() => cache.size === 1);
    const onePage = cache.usedBytes;
    cache = new PageCache(Math.floor(onePage * 2.5));
    cache.setFetcher(loopbackFetcher(port, cache.marker));
    for (const path of ['/static-a', '/static-b', '/static-a', '/static-c']) {
      await get(path, br);
      await until(() => calls.filter((call) => call.endsWith('fill')).length >= 1);
      await new Promise((r) => setTimeout(r, 100)); // the fill's compression
    }
    expect(cache.size).toBe(2);
    expect(cache.usedBytes).toBe(onePage * 2);
    calls.length = 0;
    // b was the least recently used (a was served from the cache after it): b is gone.
    for (const path of ['/static-a', '/static-c', '/static-b']) await get(path, br);
    await until(() => calls.length === 2);
    expect(calls).toEqual(['/static-b visitor', '/static-b fill']);
  });
});

describe('isCacheableAnswer and renewedCookie', () => {
  it('accepts only prerendered HTML that is the same for everyone with the key', () => {
    const base = { 'x-nextjs-prerender': '1', 'content-type': 'text/html; charset=utf-8' };
    expect(isCacheableAnswer(200, { ...base, 'cache-control': 'public, max-age=0' })).toBe(true);
    expect(isCacheableAnswer(200, { ...base, 'cache-control': 'private' })).toBe(false);
    expect(isCacheableAnswer(201, { ...base, 'cache-control': 'public' })).toBe(false);
    expect(
      isCacheableAnswer(200, {
        ...base,
        'cache-control': 'private, no-cache',
        'set-cookie': ['LANGUAGE=ar; Max-Age=1', 'other=1'],
      }),
    ).toBe(false);
  });

  it('moves Expires to now plus Max-Age', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(
      renewedCookie('A=b; Path=/; Expires=Thu, 01 Jan 2026 00:00:00 GMT; Max-Age=60', now),
    ).toBe(`A=b; Path=/; Expires=${new Date(now + 60_000).toUTCString()}; Max-Age=60`);
    expect(renewedCookie('A=b; Path=/')).toBe('A=b; Path=/');
  });
});
