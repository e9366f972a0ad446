import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtSiteOrigin } from '../../src/server/http/build-output';
import { siteUrlForBuild } from '../../src/server/http/http-server';
import { needsBuild, wantedSiteOrigin } from './build-if-needed';

let root: string;

/** A finished build whose prerendered robots.txt names `siteUrl` (as src/app/robots.ts writes it). */
function fakeBuild(siteUrl: string | undefined) {
  const next = path.join(root, '.next');
  mkdirSync(path.join(next, 'server', 'app'), { recursive: true });
  writeFileSync(path.join(next, 'BUILD_ID'), 'build');
  writeFileSync(path.join(next, 'prerender-manifest.json'), '{}');
  const later = new Date(Date.now() + 1000);
  utimesSync(path.join(next, 'prerender-manifest.json'), later, later);
  if (siteUrl) {
    writeFileSync(
      path.join(next, 'server', 'app', 'robots.txt.body'),
      `User-Agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', siteUrl)}\n`,
    );
  }
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-if-needed-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the origin a build was made for', () => {
  it('is read from the prerendered robots.txt', () => {
    expect(builtSiteOrigin(root)).toBeUndefined();
    fakeBuild('http://localhost:3210');
    expect(builtSiteOrigin(root)).toBe('http://localhost:3210');
  });

  it('is wanted as SITE_URL, or http://localhost:<PORT> without it', () => {
    expect(wantedSiteOrigin({})).toBe('http://localhost:3000');
    expect(wantedSiteOrigin({ PORT: '3210' })).toBe('http://localhost:3210');
    expect(wantedSiteOrigin({ PORT: '3210', SITE_URL: 'https://vpn.example/' })).toBe(
      'https://vpn.example',
    );
  });

  it('makes a build for another origin stale: PORT changed without SITE_URL, or SITE_URL changed', () => {
    fakeBuild('http://localhost:3000');
    expect(needsBuild(root, {})).toEqual({ needed: false, reason: 'the build is up to date' });
    expect(needsBuild(root, { PORT: '3000' }).needed).toBe(false);
    expect(needsBuild(root, { PORT: '3210' })).toEqual({
      needed: true,
      reason:
        "the last build's pages name http://localhost:3000, SITE_URL (unset: http://localhost:<PORT>) is http://localhost:3210",
    });
    // An explicit SITE_URL on the build's origin keeps it, whatever the port.
    expect(needsBuild(root, { PORT: '3210', SITE_URL: 'http://localhost:3000' }).needed).toBe(
      false,
    );
    expect(needsBuild(root, { SITE_URL: 'https://vpn.example' })).toEqual({
      needed: true,
      reason: "the last build's pages name http://localhost:3000, SITE_URL is https://vpn.example",
    });
  });

  it('compares nothing for a build without a prerendered robots.txt', () => {
    fakeBuild(undefined);
    expect(needsBuild(root, { PORT: '3210' }).needed).toBe(false);
  });
});

describe('the downloads manifest a build was made with', () => {
  it('makes the build stale when DOWNLOADS_MANIFEST names another file, or its file changed', () => {
    fakeBuild('http://localhost:3000');
    const override = path.join(root, 'downloads.json');
    writeFileSync(override, '{}');
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(override, earlier, earlier);
    expect(needsBuild(root, { DOWNLOADS_MANIFEST: 'downloads.json' })).toEqual({
      needed: true,
      reason: `the last build used DOWNLOADS_MANIFEST=(unset), now ${override}`,
    });
    writeFileSync(path.join(root, '.next', 'downloads-manifest.path'), override);
    expect(needsBuild(root, { DOWNLOADS_MANIFEST: override }).needed).toBe(false);
    expect(needsBuild(root, {})).toEqual({
      needed: true,
      reason: `the last build used DOWNLOADS_MANIFEST=${override}, now (unset)`,
    });
    const later = new Date(Date.now() + 60_000);
    utimesSync(override, later, later);
    expect(needsBuild(root, { DOWNLOADS_MANIFEST: override })).toEqual({
      needed: true,
      reason: `${override} changed since the last build`,
    });
  });
});

describe('siteUrlForBuild (the server of a build)', () => {
  const built = 'http://localhost:3000';

  it('gives an unset SITE_URL the build’s origin, silently on the build’s own port', () => {
    expect(siteUrlForBuild({ env: {}, built, port: 3000 })).toEqual({
      siteUrl: built,
      warning: undefined,
    });
    // Another port from an existing build (SKIP_BUILD=1, http-server.mjs alone): said.
    expect(siteUrlForBuild({ env: {}, built, port: 3100 })).toEqual({
      siteUrl: built,
      warning:
        'SITE_URL is unset: using http://localhost:3000, the origin this build was made for, ' +
        'not http://localhost:3100; set SITE_URL or rebuild (npm start rebuilds)',
    });
  });

  it('leaves a set SITE_URL, warning when the build’s pages name another origin', () => {
    expect(siteUrlForBuild({ env: { SITE_URL: `${built}/` }, built, port: 3100 })).toEqual({});
    expect(
      siteUrlForBuild({ env: { SITE_URL: 'https://vpn.example' }, built, port: 3000 }),
    ).toEqual({
      warning:
        "SITE_URL is https://vpn.example but this build's pages name http://localhost:3000 " +
        '(canonical URLs, sitemap): rebuild with this SITE_URL',
    });
    expect(siteUrlForBuild({ env: { SITE_URL: 'not a url' }, built, port: 3000 })).toEqual({});
  });

  it('never fills in SITE_URL for production, nor without a known build origin', () => {
    expect(siteUrlForBuild({ env: { APP_ENV: 'production' }, built, port: 3000 })).toEqual({});
    expect(siteUrlForBuild({ env: {}, built: undefined, port: 3210 })).toEqual({});
  });
});
