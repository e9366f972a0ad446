import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMeasuringProxy, withoutScripts } from './perf-floor';

const page =
  '<html><head><link rel="stylesheet" href="/s.css"/><link rel="preload" as="script" href="/a.js"/>' +
  '<script src="/a.js" async=""></script></head><body><p>Lead</p>' +
  '<script type="application/json" data-next-f="">[1,"x"]</script><script nonce="n">go()</script></body></html>';

describe('withoutScripts', () => {
  it('takes out every script element and script preload, nothing else', () => {
    expect(withoutScripts(page)).toBe(
      '<html><head><link rel="stylesheet" href="/s.css"/></head><body><p>Lead</p></body></html>',
    );
  });
});

describe('the measuring proxies', () => {
  let upstream: http.Server;
  let base: URL;
  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === '/s.css') {
        res.writeHead(200, { 'content-type': 'text/css', 'x-from': 'server' });
        res.end('p{color:red}');
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': "script-src 'self'",
      });
      res.end(page);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => upstream.close(resolve)));

  it('serves documents with Brotli, the floor without scripts, everything else as it came', async () => {
    const pageProxy = await startMeasuringProxy(base, false);
    const floorProxy = await startMeasuringProxy(base, true);
    try {
      const raw = async (url: string, accept: string) => {
        const response = await new Promise<http.IncomingMessage>((resolve) =>
          http.get(url, { headers: { accept } }, resolve),
        );
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        return { headers: response.headers, body: Buffer.concat(chunks) };
      };
      const html = 'text/html,application/xhtml+xml';
      const full = await raw(`${pageProxy.baseUrl}/x`, html);
      expect(full.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(full.body).toString()).toBe(page);
      const floor = await raw(`${floorProxy.baseUrl}/x`, html);
      expect(brotliDecompressSync(floor.body).toString()).toBe(withoutScripts(page));
      expect(floor.headers['content-security-policy']).toBe("script-src 'self'");
      const css = await raw(`${floorProxy.baseUrl}/s.css`, 'text/css,*/*');
      expect(css.body.toString()).toBe('p{color:red}');
      expect(css.headers['x-from']).toBe('server');
    } finally {
      await Promise.all([pageProxy.close(), floorProxy.close()]);
    }
  });
});
