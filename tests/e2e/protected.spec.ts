// The protected group (spec 2.3): no session → /login?redirect=<where the visitor was going>.
import { expect, test } from '@playwright/test';
import { locationOf, sessionCookie } from './helpers';

const protectedPaths = [
  '/myAccount',
  '/myaccount',
  '/paystatus',
  '/paystatus/web',
  '/paySuc',
  '/paypalsuc',
  '/paysuc',
  '/paypalSuc',
  '/payStatus',
  '/m/myAccount',
  '/m/myaccount',
  '/m/paystatus',
  '/m/paySuc',
  '/m/paysuc',
  '/m/paypalSuc',
  '/m/payStatus',
];

test.describe('without a session', () => {
  for (const path of protectedPaths) {
    test(`${path} → /login?redirect=…`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(307);
      expect(locationOf(response)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    });
  }

  test('/de/myAccount keeps the locale in both the login page and the redirect', async ({
    request,
  }) => {
    const response = await request.get('/de/myAccount', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(locationOf(response)).toBe('/de/login?redirect=%2Fde%2FmyAccount');
  });

  test('the login page itself is not protected', async ({ request }) => {
    const response = await request.get('/login', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
  });
});

test.describe('with a session', () => {
  for (const path of [...protectedPaths, '/de/myAccount']) {
    test(`${path} is not sent to /login`, async ({ request }) => {
      const response = await request.get(path, {
        maxRedirects: 0,
        headers: { cookie: await sessionCookie(request) },
      });
      // Served (200) or moved to its main spelling (308), never to the login page.
      expect([200, 308]).toContain(response.status());
      expect(locationOf(response) ?? '').not.toMatch(/\/login/);
    });
  }
});

test.describe('with only a checkout in progress (a buyer not signed in yet)', () => {
  const cookie = 'checkout_token=a-checkout-in-this-browser';
  for (const path of ['/paystatus/web?order=x', '/de/paystatus/windows', '/m/paystatus']) {
    test(`the provider's return page ${path} is served`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0, headers: { cookie } });
      expect(locationOf(response) ?? '').not.toMatch(/\/login/);
    });
  }
  for (const path of ['/myAccount', '/paySuc']) {
    test(`${path} still needs a session`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0, headers: { cookie } });
      expect(response.status()).toBe(307);
      expect(locationOf(response)).toMatch(/^\/login\?redirect=/);
    });
  }
});
