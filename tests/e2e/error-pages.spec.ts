// The error pages, reached the way a bug reaches them: a page that throws while it renders
// (500, the site's error page in the visitor's language, no internals), and an error page that
// fails too (the page that replaces the whole document, in the visitor's language as soon as
// /l10n answers). Each case runs on a server of its own with TEST_FAILURES set, the setting
// the configuration refuses in production.
import { expect, test } from '@playwright/test';
import { type Locale, localizePath } from '../../src/lib/locales';
import {
  chooseEssentialCookies,
  messageOf,
  type ProductionServer,
  startSpecServer,
} from './helpers';

const errorsOf = (locale: Locale) => ({
  errorTitle: messageOf(locale, 'Errors.errorTitle'),
  errorPageFailed: messageOf(locale, 'Errors.errorPageFailed'),
  goHome: messageOf(locale, 'Errors.goHome'),
});

// Internals that must never reach a visitor.
const leaks = /Injected test failure|at [\w.<>]+ \(|node_modules|\.tsx?:\d+/;

for (const { failures, what } of [
  { failures: 'page', what: 'a page that throws: the error page' },
  { failures: 'page,error-page', what: 'an error page that throws too: the last-resort page' },
]) {
  test.describe(what, () => {
    let server: ProductionServer | undefined;
    test.describe.configure({ mode: 'default' });
    test.beforeAll(async () => {
      test.setTimeout(150_000);
      server = await startSpecServer((port) => ({
        SITE_URL: `http://127.0.0.1:${port}`,
        TEST_FAILURES: failures,
      }));
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    for (const locale of ['en', 'ar'] as const) {
      test(`${locale}: 500, in ${locale}, with a way home and no internals`, async ({
        browser,
        request,
      }) => {
        const base = server?.baseUrl ?? '';
        const url = `${base}${localizePath(locale, '/pricing')}`;
        const response = await request.get(url);
        expect(response.status()).toBe(500);
        const html = await response.text();
        expect(html).not.toMatch(leaks);

        const context = await browser.newContext({ baseURL: base });
        await chooseEssentialCookies(context, base);
        const page = await context.newPage();
        await page.goto(url);
        const texts = errorsOf(locale);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        if (failures === 'page') {
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.errorTitle);
        } else {
          // English from the page itself, then the visitor's language from /l10n.
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.errorPageFailed);
        }
        const home = page.getByRole('link', { name: texts.goHome });
        await expect(home).toHaveAttribute('href', localizePath(locale, '/'));
        expect(await page.content()).not.toMatch(leaks);
        // The rest of the site is unaffected.
        expect((await request.get(`${base}${localizePath(locale, '/features')}`)).status()).toBe(
          200,
        );
        await context.close();
      });
    }
  });
}
