import { expect, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import { expectNoSeriousAxeViolations } from './helpers';

const layoutSamples: Record<string, string> = {
  default: '/',
  plain: '/login',
  plain2: '/pricing/checkout',
  simple: '/promotion',
  standalone: '/win-pay',
  internetaccess: '/InternetAccess/vpn-for-streaming',
  blog: '/blog',
};
const sampleLocales: Locale[] = ['en', 'ar'];

for (const locale of sampleLocales) {
  for (const [layout, path] of Object.entries(layoutSamples)) {
    const url = localizePath(locale, path);
    test(`${layout} layout: ${url}`, async ({ page }) => {
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status(), `GET ${url}`).toBe(200);
      await expectNoSeriousAxeViolations(page, url);
    });
  }
}
