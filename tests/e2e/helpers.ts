// Small helpers shared by the end-to-end specs: reading the head of an HTML answer,
// normalising Location headers, and the site's public base URL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  freePort,
  type ProductionServer,
  startProductionServer,
} from '../../scripts/test/serve-production';
import type { Locale } from '../../src/lib/locales';
import { startTestSmtpServer, type TestSmtpServer, textPart } from '../support/smtp-server';

/** Base of canonical and alternate URLs (the server's SITE_URL). */
export const siteUrl = process.env.SITE_URL ?? 'http://localhost:3000';

/** An absolute public URL of a localized path, normalised the way `URL` does it. */
export function absolute(path: string): string {
  return new URL(path, siteUrl).href;
}

/** Compares URLs after normalisation, so `http://x` and `http://x/` are the same. */
export function normalizeUrl(url: string): string {
  return new URL(url).href;
}

/** The demo account `npm start` seeds outside production (the e2e server is such a server). */
export const demoAccount = { email: 'demo@turbovpn.local', password: 'Demo-pass1!' };

let demoSession: Promise<string> | undefined;

/**
 * A real session cookie of the demo account, made once per worker: protected pages check the
 * session on the server, so a made-up token is (rightly) sent to the login page.
 */
export function sessionCookie(request: APIRequestContext): Promise<string> {
  demoSession ??= request
    .post('/api/mms/account/v1/web/login', {
      headers: { 'app-type': '502' },
      data: { username: demoAccount.email, password: demoAccount.password },
    })
    .then(async (response) => {
      if (response.status() !== 200) throw new Error(`demo login failed: ${response.status()}`);
      const { data } = (await response.json()) as { data: { token: string } };
      return `paypal_token=${data.token}`;
    });
  return demoSession;
}

/**
 * The Location header as path + query when it points at the same server (absolute or
 * relative), else the raw value.
 */
export function locationOf(response: APIResponse): string | undefined {
  const raw = response.headers().location;
  if (raw === undefined) return undefined;
  const requested = new URL(response.url());
  const target = new URL(raw, requested);
  return target.origin === requested.origin ? `${target.pathname}${target.search}` : raw;
}

/** Every Set-Cookie header of a response. */
export function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value);
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    const known = entities[name.toLowerCase()];
    if (known) return known;
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return match;
  });
}

/** Attributes of every `<tag …>` in the document, e.g. all `<meta>` or `<link>` tags. */
export function tagsOf(html: string, tag: string): Record<string, string>[] {
  const result: Record<string, string>[] = [];
  const tagPattern = new RegExp(`<${tag}\\b([^>]*)>`, 'gi');
  for (const match of html.matchAll(tagPattern)) {
    const attributes: Record<string, string> = {};
    const attributePattern = /([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
    for (const attribute of (match[1] ?? '').matchAll(attributePattern)) {
      const name = attribute[1]?.toLowerCase();
      if (!name) continue;
      attributes[name] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    result.push(attributes);
  }
  return result;
}

/** What a page's `<head>` tells search engines and sharing previews. */
export interface HeadInfo {
  lang: string | undefined;
  dir: string | undefined;
  title: string | undefined;
  description: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  alternates: { hreflang: string; href: string }[];
  meta: (nameOrProperty: string) => string | undefined;
}

export function headOf(html: string): HeadInfo {
  const htmlTag = tagsOf(html, 'html')[0] ?? {};
  const metas = tagsOf(html, 'meta');
  const links = tagsOf(html, 'link');
  const titleMatch = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const meta = (key: string) => metas.find((m) => m.name === key || m.property === key)?.content;
  const rels = (link: Record<string, string>) => (link.rel ?? '').toLowerCase().split(/\s+/);
  return {
    lang: htmlTag.lang,
    dir: htmlTag.dir,
    title: titleMatch?.[1] === undefined ? undefined : decodeEntities(titleMatch[1]).trim(),
    description: meta('description'),
    canonical: links.find((l) => rels(l).includes('canonical'))?.href,
    robots: meta('robots'),
    alternates: links
      .filter((l) => rels(l).includes('alternate') && l.hreflang !== undefined)
      .map((l) => ({ hreflang: l.hreflang ?? '', href: l.href ?? '' })),
    meta,
  };
}

/** Every JSON-LD object on the page, with `@graph` members and arrays flattened. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const pattern = /<script\b[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi;
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      out.push(record);
      if (Array.isArray(record['@graph'])) visit(record['@graph']);
    }
  };
  for (const match of html.matchAll(pattern)) {
    // Throws (and fails the test) when the block is not valid JSON.
    visit(JSON.parse(match[1] ?? ''));
  }
  return out;
}

/** Whether a JSON-LD object has the type (a string or a list of types). */
export function hasType(node: Record<string, unknown>, type: string): boolean {
  const value = node['@type'];
  return value === type || (Array.isArray(value) && value.includes(type));
}

export type { ProductionServer };

/**
 * A production server of a spec's own (scripts/test/serve-production.ts: fresh embedded database
 * unless `env` names another) on a free port; `env` gets that port, e.g. for SITE_URL.
 */
export async function startSpecServer(
  env: (port: number) => Record<string, string>,
  timeoutMs = 120_000,
): Promise<ProductionServer> {
  const port = await freePort();
  return startProductionServer({ port, timeoutMs, env: env(port) });
}

/**
 * A production server of the calling spec file's own, whose SITE_URL is its own address (mail
 * links use SITE_URL; the sandbox's approval and return URLs follow the buyer's origin), with browser
 * contexts on it that close after each test. The file's tests run one after another.
 */
export function ownServer() {
  let server: ProductionServer | undefined;
  const contexts: BrowserContext[] = [];
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startSpecServer((port) => ({ SITE_URL: `http://127.0.0.1:${port}` }));
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  const baseUrl = () => {
    if (!server) throw new Error('ownServer(): the server runs only inside tests');
    return server.baseUrl;
  };
  return {
    baseUrl,
    async openPage(browser: Browser, viewport?: { width: number; height: number }) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport });
      contexts.push(context);
      return { context, page: await context.newPage() };
    },
  };
}

/** Signs the demo account in for a whole browser context; answers its session token. */
export async function signInDemo(context: BrowserContext): Promise<string> {
  const response = await context.request.post('/api/mms/account/v1/web/login', {
    headers: { 'app-type': '502' },
    data: { username: demoAccount.email, password: demoAccount.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable block per violation: rule, impact, help link and the first offending nodes. */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

/** axe (WCAG 2.1 A/AA) finds no serious or critical violation on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page, url = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious, `axe violations on ${url}:\n${describeViolations(serious)}`).toEqual([]);
}

/** Stores a cookie choice ("essential only") so the consent banner does not show. */
export async function chooseEssentialCookies(context: BrowserContext, url: string | undefined) {
  await context.addCookies([{ name: 'cookie_consent', value: 'essential', url: url ?? '' }]);
}

/** Waits until React has hydrated the element (its handlers exist only from then on). */
export async function expectHydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react'))),
    )
    .toBe(true);
}

/**
 * A production server of the calling spec file's own that mails through a real SMTP server of
 * the test's (the mails are read from `smtp()`), its SITE_URL its own address.
 */
export function ownServerWithMail() {
  let smtp: TestSmtpServer | undefined;
  let server: ProductionServer | undefined;
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    smtp = await startTestSmtpServer();
    const url = smtp.url;
    server = await startSpecServer((port) => ({
      SMTP_URL: url,
      SITE_URL: `http://127.0.0.1:${port}`,
    }));
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  const running = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`ownServerWithMail(): the ${what} runs only inside tests`);
    return value;
  };
  return {
    baseUrl: () => running(server, 'server').baseUrl,
    smtp: () => running(smtp, 'mail server'),
  };
}

/** The page does not scroll sideways (nothing wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** The 6-digit code of the next mail to `email` the test's SMTP server receives (others skipped). */
export async function codeMailedTo(smtp: TestSmtpServer, email: string): Promise<string> {
  for (;;) {
    const mail = await smtp.nextMail(20_000);
    if (!mail.to.includes(email)) continue;
    // The code stands on a line of its own (other mails to the address, such as a receipt,
    // carry six-digit numbers too).
    const code = /^ {4}(\d{6})\r?$/m.exec(textPart(mail.raw))?.[1];
    if (code) return code;
  }
}

type Catalogue = Record<string, unknown>;
const catalogues = new Map<Locale, Catalogue>();

/** A message of a locale's catalogue by its dotted key, e.g. `Checkout.continue`. */
export function messageOf(locale: Locale, key: string): string {
  let messages = catalogues.get(locale);
  if (!messages) {
    // The e2e runner (scripts/test/e2e.ts) runs from the repository root.
    messages = JSON.parse(
      readFileSync(path.join(process.cwd(), `messages/${locale}.json`), 'utf8'),
    ) as Catalogue;
    catalogues.set(locale, messages);
  }
  const value = key.split('.').reduce<unknown>((node, part) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, messages);
  if (typeof value !== 'string') throw new Error(`messages/${locale}.json has no ${key}`);
  return value;
}
