import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DatabaseUnavailableError } from '@/server/db/client';
import { captureLogs } from '../../../tests/support/log-capture';
import { createApp } from './app';
import { ok } from './envelope';
import { ApiError, botCheckFailedBody } from './errors';
import { validate } from './validate';

// No route here touches the database; a call would be a bug in the test or the app.
const noDb = () => {
  throw new Error('this test app has no database');
};

function testApp(bodyLimitBytes?: number) {
  const app = createApp({ db: noDb, bodyLimitBytes });
  const echoSchema = z.object({ name: z.string().min(1), count: z.number().int().optional() });
  app.post('/api/test/echo', validate('json', echoSchema), (c) => ok(c, c.req.valid('json')));
  app.post('/api/test/raw', async (c) => ok(c, await c.req.json()));
  app.get('/api/test/boom', () => {
    throw new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2');
  });
  app.get('/api/test/db-down', () => {
    throw new DatabaseUnavailableError(
      'postgres://app@db.internal:5432/prod',
      'connection refused',
    );
  });
  app.get('/api/test/token', () => {
    throw ApiError.expiredToken();
  });
  app.get('/api/test/bot', () => {
    throw ApiError.botCheckFailed();
  });
  return app;
}

const siteHeaders = { 'app-type': '502', 'Content-Type': 'application/json' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('API envelope and headers', () => {
  it('answers success as { code: 200, message: "ok", data } in JSON', async () => {
    const res = await testApp().request('/api/test/echo', {
      method: 'POST',
      headers: siteHeaders,
      body: JSON.stringify({ name: 'Ann', count: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ code: 200, message: 'ok', data: { name: 'Ann', count: 2 } });
  });

  it('echoes a well-formed incoming X-Request-Id', async () => {
    const res = await testApp().request('/api/nothing-here', {
      headers: { 'X-Request-Id': 'abc-123-DEF-456' },
    });
    expect(res.headers.get('X-Request-Id')).toBe('abc-123-DEF-456');
  });

  it('replaces a missing or malformed X-Request-Id with a UUID', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const app = testApp();
    const none = await app.request('/healthz-nope');
    const tooShort = await app.request('/x', { headers: { 'X-Request-Id': 'abc' } });
    const injected = await app.request('/x', { headers: { 'X-Request-Id': 'abcdefgh\tevil' } });
    for (const res of [none, tooShort, injected]) {
      expect(res.headers.get('X-Request-Id')).toMatch(uuid);
    }
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/mms/account/v1/web/nothing-here'],
    ['POST', '/api/mms/nothing/v1/web/login'],
    ['GET', '/ws/mm/v2/blog/nothing-here'],
    ['POST', '/ws/mm/reca/r9/account/v1/web/login'],
  ])('%s %s is a JSON 404 naming the endpoint', async (method, path) => {
    const res = await testApp().request(path, {
      method,
      headers: siteHeaders,
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      code: 404,
      message: `No API endpoint at ${method} ${path}`,
    });
  });
});

describe('app-type guard (CSRF)', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'refuses %s without app-type: 502',
    async (method) => {
      const res = await testApp().request('/api/test/echo', {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Ann' }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 403,
        message: 'Requests must carry the app-type header',
      });
    },
  );

  it('refuses a wrong app-type value', async () => {
    const res = await testApp().request('/api/test/echo', {
      method: 'POST',
      headers: { ...siteHeaders, 'app-type': '501' },
      body: JSON.stringify({ name: 'Ann' }),
    });
    expect(res.status).toBe(403);
  });

  it('lets GET through without the header', async () => {
    const res = await testApp().request('/l10n?language=en&prefix=Common');
    expect(res.status).toBe(200);
  });
});

describe('request bodies', () => {
  const big = JSON.stringify({ name: 'x'.repeat(70 * 1024) });

  it('answers 413 for a body over the limit announced by Content-Length', async () => {
    const res = await testApp().request('/api/test/echo', {
      method: 'POST',
      headers: { ...siteHeaders, 'Content-Length': String(big.length) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 413,
      message: 'Request body larger than 65536 bytes',
    });
  });

  it('answers 413 for an oversized body without Content-Length', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await testApp(1024).request('/api/test/echo', {
      method: 'POST',
      headers: siteHeaders,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).toBe(413);
  });

  it.each(['/api/test/echo', '/api/test/raw'])(
    'answers 400 "Invalid JSON body" for malformed JSON at %s, without internals',
    async (path) => {
      const res = await testApp().request(path, {
        method: 'POST',
        headers: siteHeaders,
        body: '{"name": "Ann",',
      });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code: 400, message: 'Invalid JSON body' });
      expect(text).not.toMatch(/SyntaxError|stack|\bat\s/);
    },
  );

  it('requires a JSON content type for validated bodies', async () => {
    const res = await testApp().request('/api/test/echo', {
      method: 'POST',
      headers: { 'app-type': '502', 'Content-Type': 'text/plain' },
      body: JSON.stringify({ name: 'Ann' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /Content-Type: application\/json/,
    );
  });

  it('names the failing field of a JSON body', async () => {
    const res = await testApp().request('/api/test/echo', {
      method: 'POST',
      headers: siteHeaders,
      body: JSON.stringify({ name: 'Ann', count: 1.5 }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; data: { fields: { field: string }[] } };
    expect(body.message).toMatch(/^Invalid request: count: /);
    expect(body.data.fields.map((f) => f.field)).toEqual(['count']);
  });

  it('names the failing query field (/l10n language)', async () => {
    const res = await testApp().request('/l10n?language=xx');
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      code: number;
      message: string;
      data: { fields: { field: string; message: string }[] };
    };
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^Invalid request: language: must be one of /);
    expect(body.data.fields[0]?.field).toBe('language');
  });
});

describe('error mapping', () => {
  it('turns an unexpected error into a 500 with the request id and nothing else', async () => {
    const logs = captureLogs();
    const res = await Promise.resolve(
      testApp().request('/api/test/boom', { headers: { 'X-Request-Id': 'req-boom-0001' } }),
    ).finally(logs.restore);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      code: 500,
      message: 'Internal server error',
      data: { request_id: 'req-boom-0001' },
    });
    expect(text).not.toMatch(/ECONNREFUSED|hunter2|10\.1\.2\.3|Error|\bat\s/);
    // The operator gets the detail in the log, under the same id (and no password).
    const failure = logs.entries().find((entry) => entry.msg === 'request failed');
    expect(failure).toMatchObject({
      level: 'error',
      request_id: 'req-boom-0001',
      route: '/api/test/boom',
      err: { type: 'Error', message: 'connect ECONNREFUSED 10.1.2.3:5432 password=[Redacted]' },
    });
    expect(logs.text()).not.toContain('hunter2');
  });

  it('answers 503 for an unreachable database without naming it', async () => {
    const logs = captureLogs();
    const res = await Promise.resolve(testApp().request('/api/test/db-down')).finally(logs.restore);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      code: 503,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      data: { retry_after: 5 },
    });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(text).not.toMatch(/db\.internal|postgres:/);
    expect(logs.text()).toContain('postgres://app@db.internal:5432/prod');
  });

  it('passes ApiError status, code and message through', async () => {
    const res = await testApp().request('/api/test/token');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 50014, message: 'Token expired' });
  });

  it('gives the bot-check failure the exact shape the site expects', async () => {
    const res = await testApp().request('/api/test/bot');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(botCheckFailedBody);
    expect(botCheckFailedBody).toEqual({
      err_code: 500,
      code: 20104,
      message: 'ReCaptchaScoreTooLow',
    });
  });
});
