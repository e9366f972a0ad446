// The API through the running server: health check and the error envelope for unknown paths.
import { expect, test } from '@playwright/test';

test('GET /healthz answers the ok envelope', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await response.json()) as { code: unknown; message: unknown; data: unknown };
  expect(body).toMatchObject({ code: 200, message: 'ok', data: { status: 'ok' } });
});

test('GET /readyz reports the database ready, whatever the language cookie', async ({
  request,
}) => {
  const variants: Record<string, string>[] = [{}, { Cookie: 'LANGUAGE=de' }];
  for (const headers of variants) {
    const response = await request.get('/readyz', { headers, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { status: string; database: unknown } };
    expect(body.data).toMatchObject({
      status: 'ok',
      database: { reachable: true, migrations: { current: true } },
    });
  }
});

test('GET /metrics is the API’s: 404 without METRICS_TOKEN, 401 without the right token', async ({
  request,
}) => {
  const response = await request.get('/metrics', { maxRedirects: 0 });
  expect([401, 404]).toContain(response.status());
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
});

for (const path of ['/api/nope', '/api/mms/does-not-exist']) {
  test(`GET ${path} answers a 404 JSON envelope`, async ({ request }) => {
    const response = await request.get(path, { headers: { 'app-type': '502' } });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.code).toBe(404);
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toBe('');
  });
}
