import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from './page-cache';
import { PagePayloads, pagePayloadPath } from './page-payloads';

const rendered: Answer = { status: 200, headers: {}, body: Buffer.alloc(0) };

/** A server that answers payload requests from `payloads` and nothing else. */
async function serve(payloads: PagePayloads) {
  const server = http.createServer((req, res) => {
    if (payloads.handles(req)) void payloads.answer(req, res, [{ key: 'X-Test', value: 'yes' }]);
    else {
      res.statusCode = 418;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('PagePayloads', () => {
  it('names a page’s payload by build and page digest, and serves it for a year', async () => {
    const payloads = new PagePayloads('build-1', 1_000_000);
    const url = payloads.keeperFor('/blog/search?q=a&b')('[[0],[1,"x"]]', 'digest-a');
    expect(url).toMatch(/^\/_next\/payload\/[\w-]{22}\.json\?page=%2Fblog%2Fsearch%3Fq%3Da%26b$/);
    // The same page digest, the same name, whichever render's payload; another build, another.
    expect(payloads.keeperFor('/blog/search?q=a&b')('[[0],[1,"y"]]', 'digest-a')).toBe(url);
    const nameOf = (build: string) =>
      new PagePayloads(build, 1_000).keeperFor('/blog')('[]', 'digest-a').split('?')[0];
    expect(nameOf('build-1')).toBe(url.split('?')[0]);
    expect(nameOf('build-2')).not.toBe(url.split('?')[0]);
    const base = await serve(payloads);
    const answer = await fetch(base + url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('[[0],[1,"y"]]');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-test')).toBe('yes');
    const head = await fetch(base + url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(base + url, { method: 'POST' })).status).toBe(418);
  });

  it('renders the page once on a miss and serves its payload when its HTML is the same', async () => {
    // Another instance's render: the same page digest, other payload bytes.
    const there = new PagePayloads('build-1', 1_000_000).keeperFor('/ar/pricing')('[1]', 'page');
    const renders: string[] = [];
    const payloads = new PagePayloads('build-1', 1_000_000);
    payloads.setFetcher(async (page, cookie) => {
      renders.push(page);
      // The visitor's cookies: the pricing page reads the attribution cookie's channel.
      expect(cookie).toBe('attribution=partner');
      await new Promise((resolve) => setTimeout(resolve, 20));
      payloads.keeperFor(page)('[2]', 'page');
      return rendered;
    });
    const base = await serve(payloads);
    const cookie = { headers: { cookie: 'attribution=partner' } };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fetch(base + there, cookie)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(
      answers.map(() => '[2]'),
    );
    expect(renders).toEqual(['/ar/pricing']);
    // Now held: no render.
    expect((await fetch(base + there, cookie)).status).toBe(200);
    expect(renders).toHaveLength(1);
  });

  it('answers 404, never cached, when the page changed or the request is not for such a page', async () => {
    const renders: string[] = [];
    const payloads = new PagePayloads('build-1', 1_000_000);
    payloads.setFetcher(async (page) => {
      renders.push(page);
      payloads.keeperFor(page)('[3]', 'changed');
      return rendered;
    });
    const base = await serve(payloads);
    const old = new PagePayloads('build-1', 1_000_000).keeperFor('/blog')('[1]', 'before');
    const missing = await fetch(base + old);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.text()).toMatch(/reload the page/);
    expect(renders).toEqual(['/blog']);
    // Pages this server does not render per request with a payload file, or not a path of its own.
    const name = 'AAAAAAAAAAAAAAAAAAAAAA.json';
    for (const page of [
      '/myAccount',
      '//evil.example/blog',
      'https://evil.example/blog',
      '/\\evil.example/blog',
      `/blog/search?q=${'a'.repeat(2100)}`,
      '',
    ]) {
      const answer = await fetch(
        `${base}${pagePayloadPath}${name}?page=${encodeURIComponent(page)}`,
      );
      expect(answer.status, page).toBe(404);
    }
    for (const path of [
      `${pagePayloadPath}..%2F..%2Fetc%2Fpasswd?page=%2Fblog`,
      `${pagePayloadPath}x.json?page=%2Fblog`,
    ]) {
      expect((await fetch(base + path)).status, path).toBe(404);
    }
    expect(renders).toEqual(['/blog']);
  });

  it('drops the least recently used payloads past its size', async () => {
    const payloads = new PagePayloads('build-1', 10);
    const keep = payloads.keeperFor('/blog');
    const first = keep('12345', 'a');
    const second = keep('12345', 'b');
    const base = await serve(payloads);
    expect((await fetch(base + first)).status).toBe(200); // now the most recent
    keep('1234', 'c');
    expect(payloads.size).toBe(2);
    expect((await fetch(base + second)).status).toBe(404);
    expect((await fetch(base + first)).status).toBe(200);
    keep('x'.repeat(11), 'd'); // larger than the whole store: not kept
    expect(payloads.size).toBe(2);
  });
});
