import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aliases,
  findRoute,
  isKnownPath,
  isProtectedPath,
  permanentRedirects,
  siteRoutes,
} from './routes';

const appDir = path.join(__dirname, '..', 'app', '[locale]');

/** Every page file under a layout group, as a matcher of concrete site paths. */
function pagePatterns(group: string): RegExp[] {
  const patterns: RegExp[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full, [...segments, entry]);
      else if (entry === 'page.tsx') {
        const body = segments
          .map((s) => (s.startsWith('[') ? '[^/]+' : s.replace(/[.*+?^${}()|\\]/g, '\\$&')))
          .join('/');
        patterns.push(new RegExp(`^/${body}$`));
      }
    }
  };
  walk(path.join(appDir, `(${group})`), []);
  return patterns;
}

describe('route table', () => {
  it('lists each path once', () => {
    const paths = siteRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has a page file for every route, in the layout group the table names', () => {
    const cache = new Map<string, RegExp[]>();
    const missing = siteRoutes.filter((route) => {
      const patterns = cache.get(route.layout) ?? pagePatterns(route.layout);
      cache.set(route.layout, patterns);
      return !patterns.some((pattern) => pattern.test(route.path));
    });
    expect(missing.map((route) => `${route.layout} ${route.path}`)).toEqual([]);
  });

  it('covers the spec families: 9 features, 11 countries, 6 use-case families with 40 children', () => {
    const count = (prefix: string) => siteRoutes.filter((r) => r.path.startsWith(prefix)).length;
    expect(count('/features/')).toBe(9);
    expect(count('/vpn-server/')).toBe(11);
    expect(count('/InternetAccess/')).toBe(6 + 40);
    expect(findRoute('/features/spilt-tunneling')).toBeDefined();
  });

  it('points every alias and redirect at a real page', () => {
    for (const target of [...Object.values(aliases), ...Object.values(permanentRedirects)]) {
      expect(findRoute(target), target).toBeDefined();
    }
    expect(findRoute('/home')?.path).toBe('/');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it('knows the protected group and its /m/ variants', () => {
    for (const p of [
      '/myAccount',
      '/myaccount',
      '/paystatus',
      '/paystatus/web',
      '/paySuc',
      '/paysuc',
      '/paypalSuc',
      '/paypalsuc',
      '/m/myaccount',
      '/m/paypalSuc',
    ]) {
      expect(isProtectedPath(p), p).toBe(true);
    }
    for (const p of ['/', '/pricing', '/login', '/paystatusx', '/m/pricing']) {
      expect(isProtectedPath(p), p).toBe(false);
    }
  });

  it('knows which paths exist, delegating database-backed ones to their pages', () => {
    for (const p of [
      '/',
      '/features/encryption',
      '/blog/how-a-vpn-works',
      '/blog/tag/dns',
      '/pricing/checkout/plan-24m',
    ]) {
      expect(isKnownPath(p), p).toBe(true);
    }
    for (const p of [
      '/nope',
      '/features/nope',
      '/vpn-server/atlantis-vpn',
      '/download/linux',
      '/foo.png',
      '/blog/a/b',
      '/InternetAccess/vpn-for-music/nope',
      '/blog/category/privacy/page/abc',
      '/blog/tag/dns/page/0',
    ]) {
      expect(isKnownPath(p), p).toBe(false);
    }
  });
});
