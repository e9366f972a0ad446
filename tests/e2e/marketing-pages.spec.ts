// Marketing pages of issue 6 (home, features, downloads, server locations, use cases): content in
// en and ar without console errors, platform detection on /download, every listed child and
// country page (and a 404 for unlisted ones), and axe on each template in both directions.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import shippedDownloads from '../../content/downloads.json' with { type: 'json' };
import ar from '../../messages/ar.json' with { type: 'json' };
import en from '../../messages/en.json' with { type: 'json' };
import { serverCountrySlugs, useCaseFamilies, useCases } from '../../src/lib/catalog';
import { type Locale, localizePath } from '../../src/lib/locales';
import { serverCountryCodes, serverLocations } from '../../src/lib/server-locations';
import { expectNoSidewaysScroll, headOf } from './helpers';

const locales: Locale[] = ['en', 'ar'];

type Messages = typeof en;
const messagesOf: Record<Locale, Messages> = { en, ar } as Record<Locale, Messages>;

interface DownloadEntry {
  kind: string;
  url: string;
  store?: string;
  version?: string;
  sha256?: string;
}
// The manifest the build was made with: the shipped file, with the apps of a DOWNLOADS_MANIFEST
// override over it (src/server/content/downloads.ts validates; here it is only read).
const downloadsOverride: { publisher?: string; apps?: Record<string, DownloadEntry> } = process.env
  .DOWNLOADS_MANIFEST
  ? JSON.parse(readFileSync(process.env.DOWNLOADS_MANIFEST, 'utf8'))
  : {};
const downloadsManifest = {
  publisher: downloadsOverride.publisher ?? shippedDownloads.publisher,
  apps: { ...shippedDownloads.apps, ...downloadsOverride.apps } as Record<
    keyof typeof shippedDownloads.apps,
    DownloadEntry
  >,
};

/** One page per template, with a text (in the page's language) only that page's content shows. */
const templates: { path: string; text: (m: Messages) => string }[] = [
  { path: '/', text: (m) => m.Home.ratings.title },
  { path: '/features', text: (m) => m.FeaturesPage.overviewTitle },
  { path: '/features/encryption', text: (m) => m.FeaturesPage.howTitle },
  { path: '/download', text: (m) => m.DownloadPage.appsTitle },
  { path: '/download/windows', text: (m) => m.DownloadPage.requirementsTitle },
  { path: '/download/game-console', text: (m) => m.DownloadPage.consoles.routerTitle },
  { path: '/download/playstation', text: (m) => m.DownloadPage.consoles.checkTitle },
  { path: '/vpn-server', text: () => 'Tokyo' },
  { path: '/vpn-server/japan-vpn', text: () => 'Fukuoka' },
  { path: '/vpn-for-country', text: (m) => m.ServersPage.featuredTitle },
  { path: '/popular-uses', text: (m) => m.UseCasePage.familiesTitle },
  { path: '/InternetAccess/vpn-for-streaming', text: (m) => m.UseCasePage.servicesTitle },
  {
    path: '/InternetAccess/vpn-for-streaming/netflix',
    text: (m) => m.UseCasePage.children['vpn-for-streaming'].netflix.title,
  },
];

/** Console errors and uncaught exceptions while the page loads and hydrates. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const locale of locales) {
  for (const { path, text } of templates) {
    const url = localizePath(locale, path);
    test(`${url} renders its content without console errors`, async ({ page }) => {
      const errors = watchErrors(page);
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status(), `GET ${url}`).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).not.toBeEmpty();
      const own = text(messagesOf[locale])
        .replace(/\{[^}]*\}.*$/, '')
        .trim();
      await expect(page.getByText(own, { exact: false }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors, `console errors on ${url}`).toEqual([]);
    });

    test(`${url} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(url, { waitUntil: 'load' });
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `axe on ${url}`).toEqual([]);
    });
  }
}

test('the home page shows the claims, the seven apps and the rating', async ({ page }) => {
  await page.goto('/');
  const claims = page.locator('section[aria-labelledby="claims-title"]');
  await expect(claims).toContainText('21,000+');
  await expect(claims).toContainText('111');
  await expect(claims).toContainText('45+');
  await expect(claims).toContainText('AES-256');
  const apps = page.locator('section[aria-labelledby="apps-title"] li');
  await expect(apps).toHaveCount(7);
  for (const name of ['Windows', 'macOS', 'Android', 'iOS', 'Xbox', 'PlayStation', 'Switch']) {
    await expect(page.locator('section[aria-labelledby="apps-title"]')).toContainText(name);
  }
  await expect(page.getByRole('img', { name: 'Rated 4.8 out of 5 stars' })).toBeVisible();
  await expect(page.getByText('Average of 30,961 ratings')).toBeVisible();
  await expect(page.getByRole('link', { name: en.Home.faq.all })).toHaveAttribute('href', '/faq');
  await expect(page.getByRole('link', { name: en.Home.hero.download }).first()).toBeVisible();
});

test('the server list shows every location of the data file', async ({ page }) => {
  await page.goto('/vpn-server');
  await expect(page.locator('main li[id^="country-"]')).toHaveCount(serverCountryCodes.length);
  await expect(page.locator('main li[id^="country-"] li')).toHaveCount(serverLocations.length);
  expect(serverLocations).toHaveLength(111);
  await expect(page.locator('#country-jp')).toContainText('Japan');
});

test.describe('every listed page exists and unlisted ones are 404', () => {
  for (const family of useCaseFamilies) {
    test(`use cases of ${family}`, async ({ request }) => {
      const familyPage = await request.get(`/InternetAccess/${family}`);
      expect(familyPage.status()).toBe(200);
      for (const child of useCases[family]) {
        const response = await request.get(`/InternetAccess/${family}/${child}`);
        expect(response.status(), child).toBe(200);
        const own = (en.UseCasePage.children as Record<string, Record<string, { title: string }>>)[
          family
        ]?.[child]?.title;
        expect(own, `${family}/${child} has its own title`).toBeTruthy();
        expect(headOf(await response.text()).title, child).toContain(own);
      }
    });
  }

  test('country pages', async ({ request }) => {
    for (const slug of serverCountrySlugs) {
      const response = await request.get(`/vpn-server/${slug}`);
      expect(response.status(), slug).toBe(200);
    }
  });

  for (const path of [
    '/InternetAccess/vpn-for-streaming/hbo',
    '/InternetAccess/vpn-for-music/Spotify',
    '/InternetAccess/vpn-for-gaming/netflix',
    '/InternetAccess/vpn-for-travel',
    '/vpn-server/germany-vpn',
    '/ar/vpn-server/brazil-vpn',
    '/download/linux',
    '/features/ad-blocker',
  ]) {
    test(`${path} is 404`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
    });
  }
});

// Each device as a real browser presents itself: the User-Agent and, where the browser sends
// client hints (Chromium), the platform hint. Safari sends none.
const agents: {
  platform: 'windows' | 'macos' | 'ios' | 'android' | 'chrome';
  name: string;
  userAgent: string;
  hint?: string;
}[] = [
  {
    platform: 'windows',
    hint: 'Windows',
    name: en.DownloadPage.platforms.windows.name,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
  {
    platform: 'macos',
    name: en.DownloadPage.platforms.macos.name,
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  },
  {
    platform: 'ios',
    name: en.DownloadPage.platforms.ios.name,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    platform: 'android',
    hint: 'Android',
    name: en.DownloadPage.platforms.android.name,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  },
  {
    platform: 'chrome',
    hint: 'Chrome OS',
    name: en.DownloadPage.platforms.chrome.name,
    userAgent:
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
];

for (const agent of agents) {
  test.describe(`/download on ${agent.platform}`, () => {
    test.use({ userAgent: agent.userAgent });
    test(`leads with the ${agent.platform} app`, async ({ page }) => {
      // Playwright derives its own client hints from the emulated device; set the real ones.
      await page.addInitScript((hint) => {
        Object.defineProperty(Navigator.prototype, 'userAgentData', {
          configurable: true,
          get: () => (hint ? { platform: hint } : undefined),
        });
      }, agent.hint ?? null);
      await page.goto('/download');
      const lead = page.locator(`[data-detected-platform="${agent.platform}"]`);
      await expect(lead).toBeVisible();
      await expect(lead.getByRole('heading', { level: 2 })).toHaveText(agent.name);
      const store = lead.locator('a[data-track-download]');
      await expect(store).toHaveAttribute(
        'data-track-download',
        agent.platform === 'android' ? 'androidpro' : agent.platform,
      );
      const entry =
        downloadsManifest.apps[agent.platform === 'android' ? 'androidpro' : agent.platform];
      await expect(store).toHaveAttribute('href', entry.url);
      if (entry.kind !== 'installer') await expect(store).toHaveAttribute('target', '_blank');
      await expect(page.locator('#all-apps')).toHaveAttribute('data-detected', agent.platform);
      // Every app stays listed, each with a tracked store link.
      await expect(page.locator('#all-apps a[data-track-download]')).toHaveCount(6);
    });
  });
}

test('every download button leads to its app in the downloads manifest', async ({ page }) => {
  // A phone's width: the checksum and its command wrap or scroll in their box, never the page.
  await page.setViewportSize({ width: 375, height: 800 });
  const { apps, publisher } = downloadsManifest;
  await page.goto('/download');
  for (const [product, entry] of Object.entries(apps)) {
    await expect(page.locator(`#all-apps a[data-track-download="${product}"]`)).toHaveAttribute(
      'href',
      entry.url,
    );
  }
  for (const product of ['windows', 'macos', 'ios', 'androidpro', 'androidlite'] as const) {
    const entry = apps[product];
    await page.goto(localizePath('ar', `/download/${product}`));
    const button = page.locator(`main a[data-track-download="${product}"]`);
    await expect(button).toHaveAttribute('href', entry.url);
    await expectNoSidewaysScroll(page);
    const check = page.locator('section:has(#download-check)');
    if (entry.kind === 'installer') {
      // Its facts, and the command that prints the downloaded file's checksum.
      await expect(button).not.toHaveAttribute('target');
      await expect(check.locator('[data-field="version"]')).toHaveText(entry.version ?? '');
      await expect(check.locator('[data-field="sha256"]')).toHaveText(entry.sha256 ?? '');
      await expect(check.locator('pre')).toContainText(entry.url.split('/').pop() ?? '');
      continue;
    }
    const store = entry.store ?? '';
    await expect(button).toHaveText(new RegExp(ar.DownloadPage.getOn.replace('{store}', store)));
    // How to tell the real app from a look-alike, naming the developer the store shows.
    const verify = entry.kind === 'listing' ? 'verifyListing' : 'verifySearch';
    await expect(check).toContainText(
      ar.DownloadPage[verify].replace('{store}', store).replace('{publisher}', publisher),
    );
  }
});

test.describe('/download with a platform client hint', () => {
  // Chromium on a Mac freezes part of its User-Agent; the platform hint decides.
  test.use({ userAgent: agents[0]?.userAgent });
  test('follows the hint over the User-Agent', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'userAgentData', {
        configurable: true,
        get: () => ({ platform: 'macOS' }),
      });
    });
    await page.goto('/download');
    await expect(page.locator('[data-detected-platform="macos"]')).toBeVisible();
  });
});

test.describe('/download where no app fits', () => {
  test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0' });
  test('keeps the generic lead and lists every app', async ({ page }) => {
    // Firefox sends no client hints.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'userAgentData', {
        configurable: true,
        get: () => undefined,
      });
    });
    await page.goto('/download');
    await expect(page.getByRole('heading', { name: en.DownloadPage.genericTitle })).toBeVisible();
    await expect(page.locator('[data-detected-platform]')).toHaveCount(0);
    await expect(page.locator('#all-apps > li')).toHaveCount(6);
  });
});
