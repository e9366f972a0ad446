// Attribution, consent and tab sync in a real browser against the production server. The
// server sees 127.0.0.1, which no IP database places, so every visitor here must opt in.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';

const landing =
  '/?utm_source=newsletter&utm_campaign=spring&cjevent=CJ123&cfclick=CF456&admitad_uid=AD789&channel=partner7';

const lifetimes: Record<string, number> = {
  utm_tags: 3_888_000,
  cje: 3_888_000,
  'cje-client': 3_888_000,
  'cf-click': 2_592_000,
  _aid: 3_888_000,
  channel: 3_888_000,
};

async function cookieMap(context: BrowserContext) {
  return new Map((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Your cookie choice' });
}

function eventRequests(page: Page) {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mms/analytics/v1/events'))
      bodies.push(request.postData() ?? '');
  });
  return bodies;
}

test.describe('consent banner', () => {
  test('holds back tracking cookies and analytics until accepted, then stores them with their lifetimes', async ({
    page,
    context,
  }) => {
    const events = eventRequests(page);
    await page.goto(landing);
    await expect(banner(page)).toBeVisible();
    // An overlay: fixed at the bottom, so it moves nothing on the page.
    await expect(banner(page)).toHaveCSS('position', 'fixed');
    // page_show would have been sent by now (it gives up waiting for geo after 10 s at most):
    // nothing non-essential is stored or sent while the visitor has not chosen.
    await page.waitForTimeout(3000);
    const before = await cookieMap(context);
    for (const name of Object.keys(lifetimes)) expect(before.has(name)).toBe(false);
    expect(events).toHaveLength(0);
    expect(await page.evaluate(() => sessionStorage.getItem('utm_tags'))).toBeNull();

    const sent = page.waitForRequest((request) =>
      request.url().endsWith('/api/mms/analytics/v1/events'),
    );
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toBeHidden();

    const now = Date.now() / 1000;
    const after = await cookieMap(context);
    for (const [name, seconds] of Object.entries(lifetimes)) {
      const cookie = after.get(name);
      expect(cookie, name).toBeDefined();
      expect(Math.abs((cookie?.expires ?? 0) - (now + seconds)), name).toBeLessThan(120);
      expect(cookie?.sameSite, name).toBe('Lax');
    }
    expect(after.get('cje')?.value).toBe('CJ123');
    expect(after.get('cje-client')?.value).toBe('CJ123');
    expect(after.get('cf-click')?.value).toBe('CF456');
    expect(after.get('_aid')?.value).toBe('AD789');
    expect(after.get('channel')?.value).toBe('partner7');
    const utm = JSON.parse(decodeURIComponent(after.get('utm_tags')?.value ?? '{}'));
    expect(utm).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'spring' });
    expect(utm.front_id).toBeTruthy();
    expect(
      JSON.parse((await page.evaluate(() => sessionStorage.getItem('utm_tags'))) ?? '{}'),
    ).toEqual(utm);

    const request = await sent;
    const body = JSON.parse(request.postData() ?? '{}');
    expect(body.events.map((event: { event_name: string }) => event.event_name)).toContain(
      'page_show',
    );
    expect(body.events[0]).toMatchObject({ app_name: 'Turbo VPN Web', app_type: 502 });
    expect((await request.response())?.status()).toBe(200);
  });

  test('"Essential only" stores nothing; the footer link reopens the choice', async ({
    page,
    context,
  }) => {
    await page.goto(landing);
    await banner(page).getByRole('button', { name: 'Essential only' }).click();
    await expect(banner(page)).toBeHidden();
    const cookies = await cookieMap(context);
    expect(cookies.get('cookie_consent')?.value).toBe('essential');
    for (const name of Object.keys(lifetimes)) expect(cookies.has(name)).toBe(false);

    await page.reload();
    await expect(banner(page)).toBeHidden();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(banner(page)).toBeHidden();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect
      .poll(async () => (await cookieMap(context)).get('cookie_consent')?.value)
      .toBe('all');
  });
});

test.describe('tabs', () => {
  test('two tabs see each other’s heartbeat and share session storage', async ({
    context,
    baseURL,
  }) => {
    const host = new URL(baseURL ?? 'http://127.0.0.1:3100').hostname;
    await context.addCookies([{ name: 'cookie_consent', value: 'all', domain: host, path: '/' }]);
    const first = await context.newPage();
    await first.goto('/?utm_source=first-tab');
    await expect
      .poll(() => first.evaluate(() => sessionStorage.getItem('utm_tags')))
      .toContain('first-tab');

    const second = await context.newPage();
    await second.goto('/pricing');
    // A new tab gets the open tab's shared values at once.
    await expect
      .poll(() => second.evaluate(() => sessionStorage.getItem('utm_tags')))
      .toContain('first-tab');

    type TabsWindow = Window & { turbovpnTabs?: { id: string; aliveTabs(): { id: string }[] } };
    const idOf = (page: Page) => page.evaluate(() => (window as TabsWindow).turbovpnTabs?.id);
    const aliveOf = (page: Page) =>
      page.evaluate(() => (window as TabsWindow).turbovpnTabs?.aliveTabs().map((tab) => tab.id));
    const firstId = await idOf(first);
    const secondId = await idOf(second);
    expect(firstId).toBeTruthy();
    await expect.poll(() => aliveOf(first)).toEqual([secondId]);
    await expect.poll(() => aliveOf(second)).toEqual([firstId]);

    // A value written later in one tab reaches the other.
    await first.goto('/faq?utm_source=later');
    await expect
      .poll(() => second.evaluate(() => sessionStorage.getItem('utm_tags')))
      .toContain('later');
  });
});

test('a log-in sends the login event, and events then name the signed-in user', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'cookie_consent', value: 'all', url: baseURL ?? '' }]);
  const bodies = eventRequests(page);
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('#password') });
  await expect
    .poll(() =>
      form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react'))),
    )
    .toBe(true);
  await page.locator('#email').fill('demo@turbovpn.local');
  await page.locator('#password').fill('Demo-pass1!');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/myAccount$/);
  const hint = (await context.cookies()).find((cookie) => cookie.name === 'signed_in')?.value;
  expect(hint).toMatch(/^[0-9a-f-]{36}$/);
  type Sent = { event_name: string; user_id: string | null };
  const sent = () =>
    bodies.flatMap((body) => (JSON.parse(body || '{}') as { events?: Sent[] }).events ?? []);
  await expect.poll(() => sent().some((event) => event.event_name === 'login')).toBe(true);
  expect(sent().find((event) => event.event_name === 'login')?.user_id).toBe(hint);
  // The account page's own page_show names the user too.
  await expect
    .poll(() => sent().some((event) => event.event_name === 'page_show' && event.user_id === hint))
    .toBe(true);
});
