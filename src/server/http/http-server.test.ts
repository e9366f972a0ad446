import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressStatic } from '../../../scripts/build/compress-static';
import { acceptsBrotli } from './accept-encoding';
import { brotliCopies, servePrecompressed } from './http-server';
import { readAnswer } from './page-cache';

const script = `/* a chunk */ ${'function f(){return "turbo vpn";}'.repeat(200)}`;
const stylesheet = `${'.a{color:red}'.repeat(200)}`;
let dist: string;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'http-server-'));
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  mkdirSync(path.join(dist, 'static', 'media'), { recursive: true });
  writeFileSync(path.join(dist, 'static', 'chunks', 'main.js'), script);
  writeFileSync(path.join(dist, 'static', 'chunks', 'site.css'), stylesheet);
  writeFileSync(path.join(dist, 'static', 'media', 'logo.png'), 'png bytes');
  compressStatic(dist);
  const copies = brotliCopies(dist);
  const headers = [{ key: 'X-Content-Type-Options', value: 'nosniff' }];
  server = http.createServer((req, res) => {
    if (servePrecompressed(req, res, copies, headers)) return;
    res.statusCode = 299; // what the fallback (Next) would have answered
    res.end('fallback');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** A raw request (fetch would decompress), answering status, headers and the body as sent. */
function get(urlPath: string, encoding: string | undefined, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(baseUrl, {
        path: urlPath, // as given: a URL would resolve "..", which a client need not do
        method,
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
      request.on('response', (response) => {
        readAnswer(response).then(resolve, reject);
      });
      request.on('error', reject);
      request.end();
    },
  );
}

describe('acceptsBrotli', () => {
  it('reads the Accept-Encoding header', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('BR;q=0.5')).toBe(true);
    expect(acceptsBrotli('br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli('brotli')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
    expect(acceptsBrotli('')).toBe(false);
  });
});

describe('compressStatic', () => {
  it('writes a Brotli copy of scripts and stylesheets only, and rewrites only stale ones', () => {
    const again = compressStatic(dist);
    expect(again).toMatchObject({ files: 2, written: 0 });
    const chunk = path.join(dist, 'static', 'chunks', 'main.js');
    expect(brotliDecompressSync(readFileSync(`${chunk}.br`)).toString()).toBe(script);
    expect(() => statSync(path.join(dist, 'static', 'media', 'logo.png.br'))).toThrow();
    const later = new Date(Date.now() + 60_000);
    utimesSync(chunk, later, later);
    expect(compressStatic(dist)).toMatchObject({ files: 2, written: 1 });
  });

  it('does nothing without a build', () => {
    expect(compressStatic(path.join(dist, 'missing'))).toEqual({
      files: 0,
      written: 0,
      bytes: 0,
      brotliBytes: 0,
    });
  });
});

describe('servePrecompressed', () => {
  it('sends the Brotli copy to clients that accept Brotli, with the headers of every response', async () => {
    const response = await get('/_next/static/chunks/main.js?v=1', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);

    const css = await get('/_next/static/chunks/site.css', 'br');
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(brotliDecompressSync(css.body).toString()).toBe(stylesheet);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await get('/_next/static/chunks/main.js', 'br', 'HEAD');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body.length).toBe(0);
  });

  it('leaves everything else to Next', async () => {
    for (const [urlPath, encoding, method] of [
      ['/_next/static/chunks/main.js', 'gzip', 'GET'],
      ['/_next/static/chunks/main.js', undefined, 'GET'],
      ['/_next/static/chunks/main.js', 'br', 'POST'],
      ['/_next/static/media/logo.png', 'br', 'GET'],
      ['/_next/static/chunks/../chunks/main.js', 'br', 'GET'],
      ['/_next/static/chunks/missing.js', 'br', 'GET'],
      ['/', 'br', 'GET'],
    ] as const) {
      const response = await get(urlPath, encoding, method);
      expect(response.status, `${method} ${urlPath} (${encoding})`).toBe(299);
    }
  });
});
