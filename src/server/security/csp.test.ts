import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  inlineScriptHashes,
  newNonce,
  pageContentSecurityPolicy,
  resourceContentSecurityPolicy,
  scriptHash,
} from './csp';
import {
  buildCspManifest,
  cspManifestIsCurrent,
  prerenderedHashesOf,
  writeCspManifest,
} from './csp-manifest';
import { pageCacheControl, pageSecurityFor } from './page-headers';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((part) => {
      const [name = '', ...values] = part.split(' ');
      return [name, values];
    }),
  );
}

const production = { production: true, recaptcha: false };

describe('pageContentSecurityPolicy', () => {
  it('allows a nonce and what its scripts load, and nothing inline', () => {
    const csp = directives(
      pageContentSecurityPolicy({ kind: 'nonce', nonce: 'abc+/A==' }, production),
    );
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc+/A=='", "'strict-dynamic'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    // Styles keep 'unsafe-inline' (React's style attributes); scripts never get it.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lists the hashes of a prerendered page without a nonce or strict-dynamic', () => {
    const hashes = [scriptHash('a()'), scriptHash('b()')];
    const csp = directives(pageContentSecurityPolicy({ kind: 'hashes', hashes }, production));
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes.map((hash) => `'${hash}'`)]);
  });

  it('adds eval only outside production and reCAPTCHA only when configured', () => {
    const dev = pageContentSecurityPolicy(
      { kind: 'hashes', hashes: [] },
      { production: false, recaptcha: false },
    );
    expect(directives(dev).get('script-src')).toContain("'unsafe-eval'");
    const withRecaptcha = directives(
      pageContentSecurityPolicy(
        { kind: 'nonce', nonce: 'AAAA' },
        { production: true, recaptcha: true },
      ),
    );
    expect(withRecaptcha.get('script-src')).toEqual([
      "'self'",
      "'nonce-AAAA'",
      "'strict-dynamic'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(withRecaptcha.get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });

  it('refuses a nonce or hash that could inject another source', () => {
    expect(() =>
      pageContentSecurityPolicy({ kind: 'nonce', nonce: "x' 'unsafe-inline" }, production),
    ).toThrow(/base64/);
    expect(() =>
      pageContentSecurityPolicy(
        { kind: 'hashes', hashes: ["sha256-x' 'unsafe-inline"] },
        production,
      ),
    ).toThrow(/not a CSP hash/);
  });

  it('lets nothing run on resources outside the proxy', () => {
    const csp = directives(resourceContentSecurityPolicy);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('newNonce', () => {
  it('is 128 random bits in base64, fresh every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes like the browser (the CSP specification example)', () => {
    expect(scriptHash("alert('Hello, world.');")).toBe(
      'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=',
    );
    // The HTML parser normalises CR LF to LF before the script sees its text.
    expect(scriptHash('a()\r\nb()')).toBe(scriptHash('a()\nb()'));
  });

  it('takes every executable inline script once, in order, and nothing else', () => {
    const html = [
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<SCRIPT type="module">import("/x.js")</SCRIPT>',
      '<script id="_R_">self.__next_f.push([1,"a"])</script>',
      '<script></script>',
      '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<script type="text/javascript">c()</script>',
      "<script type='application/json'>{}</script>",
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([
      scriptHash('(self.__next_f=self.__next_f||[]).push([0])'),
      scriptHash('import("/x.js")'),
      scriptHash('self.__next_f.push([1,"a"])'),
      scriptHash('c()'),
    ]);
  });
});

describe('the CSP manifest of a build', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function fakeBuild(buildId = 'build-1') {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'csp-manifest-'));
    dirs.push(dist);
    writeFileSync(path.join(dist, 'BUILD_ID'), buildId);
    const routes = { '/en': {}, '/ar/features': {}, '/robots.txt': {} };
    writeFileSync(path.join(dist, 'prerender-manifest.json'), JSON.stringify({ routes }));
    mkdirSync(path.join(dist, 'server', 'app', 'ar'), { recursive: true });
    writeFileSync(
      path.join(dist, 'server', 'app', 'en.html'),
      '<script>shared()</script><script>en()</script>',
    );
    writeFileSync(
      path.join(dist, 'server', 'app', 'ar', 'features.html'),
      '<script src="/a.js"></script><script>shared()</script><script>ar()</script>',
    );
    return dist;
  }

  it('lists each prerendered page with its hashes, shared ones stored once', () => {
    const manifest = buildCspManifest(fakeBuild());
    expect(manifest.buildId).toBe('build-1');
    expect(manifest.hashes).toEqual([
      scriptHash('shared()'),
      scriptHash('ar()'),
      scriptHash('en()'),
    ]);
    // robots.txt is prerendered too, but is not a page.
    expect(manifest.routes).toEqual({ '/ar/features': [0, 1], '/en': [0, 2] });
  });

  it('is written for its build and read back by the proxy lookup', () => {
    const dist = fakeBuild();
    expect(cspManifestIsCurrent(dist)).toBe(false);
    expect(writeCspManifest(dist)).toEqual({ pages: 2, distinctHashes: 3, mostHashesOnOnePage: 2 });
    expect(cspManifestIsCurrent(dist)).toBe(true);
    const warn = vi.fn();
    const lookup = prerenderedHashesOf(dist, warn);
    expect(lookup('/en')).toEqual([scriptHash('shared()'), scriptHash('en()')]);
    expect(lookup('/en/pricing')).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    // A new build makes the manifest stale.
    writeFileSync(path.join(dist, 'BUILD_ID'), 'build-2');
    expect(cspManifestIsCurrent(dist)).toBe(false);
  });

  it('without a current manifest, hashes the prerendered HTML on first use and says so', () => {
    const dist = fakeBuild();
    const warn = vi.fn();
    const lookup = prerenderedHashesOf(dist, warn);
    expect(lookup('/ar/features')).toEqual([scriptHash('shared()'), scriptHash('ar()')]);
    expect(lookup('/robots.txt')).toBeUndefined();
    expect(lookup('/ar/pricing')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('treats every page as rendered per request where there is no build', () => {
    const lookup = prerenderedHashesOf(path.join(os.tmpdir(), 'no-such-build-dir'), vi.fn());
    expect(lookup('/en')).toBeUndefined();
  });
});

describe('page security and caching', () => {
  const hashesOf = (route: string) => (route === '/en/features' ? [scriptHash('x()')] : undefined);

  it('uses hashes for prerendered pages and a nonce for the rest', () => {
    const options = { production: true, recaptcha: false, hashesOf };
    const prerendered = pageSecurityFor('/en/features', options);
    expect(prerendered.prerendered).toBe(true);
    expect(prerendered.nonce).toBeUndefined();
    expect(prerendered.csp).toContain(`'${scriptHash('x()')}'`);
    const dynamic = pageSecurityFor('/en/pricing', options);
    expect(dynamic.prerendered).toBe(false);
    expect(dynamic.csp).toContain(`'nonce-${dynamic.nonce}' 'strict-dynamic'`);
    // The development server renders everything per request.
    expect(pageSecurityFor('/en/features', { ...options, production: false }).nonce).toBeDefined();
  });

  it('lets shared caches keep only what everyone gets', () => {
    const page = { prerendered: true, protectedPage: false, setsCookie: false, notFound: false };
    expect(pageCacheControl(page)).toBe(
      'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
    );
    expect(pageCacheControl({ ...page, setsCookie: true })).toBe('private, no-cache');
    expect(pageCacheControl({ ...page, protectedPage: true })).toBe('private, no-store');
    expect(pageCacheControl({ ...page, notFound: true })).toBe('private, no-store');
    expect(pageCacheControl({ ...page, prerendered: false })).toBe('private, no-store');
  });
});
