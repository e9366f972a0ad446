import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checksumCommand, downloadProducts, installerFile } from '@/lib/downloads';
import { DownloadsManifestError, loadDownloads, searchPageApps } from './downloads';

const dir = mkdtempSync(path.join(tmpdir(), 'downloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function override(content: unknown): string {
  files += 1;
  const file = path.join(dir, `override-${files}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const installer = {
  kind: 'installer',
  url: 'https://download.turbovpn.example/windows/TurboVPN-Setup-4.2.0.exe',
  version: '4.2.0',
  size: 84_213_760,
  sha256: 'a'.repeat(64),
  minOs: 'Windows 10',
  released: '2026-11-02',
} as const;

/** The message loadDownloads throws for an override, or '' when it loads. */
function problemsOf(content: unknown): string {
  try {
    loadDownloads(override(content));
    return '';
  } catch (error: unknown) {
    if (!(error instanceof DownloadsManifestError)) throw error;
    return error.message;
  }
}

describe('the shipped downloads manifest', () => {
  const shipped = loadDownloads(undefined);

  it('has every app, Android on its Google Play listings', () => {
    expect(Object.keys(shipped.apps).sort()).toEqual([...downloadProducts].sort());
    expect(shipped.apps.androidpro).toEqual({
      kind: 'listing',
      store: 'Google Play',
      url: 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn',
    });
    expect(shipped.apps.androidlite.url).toBe(
      'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn.lite',
    );
    expect(shipped.publisher).toBe('Innovative Connecting');
  });

  it('names the apps still on a store search page', () => {
    expect(searchPageApps(shipped)).toEqual(['windows', 'macos', 'ios', 'chrome']);
  });
});

describe('a deployment override', () => {
  it('replaces the apps it names, whole, and keeps the others', () => {
    const manifest = loadDownloads(
      override({
        apps: {
          windows: installer,
          ios: {
            kind: 'listing',
            store: 'App Store',
            url: 'https://apps.apple.com/app/turbo-vpn/id1',
          },
        },
      }),
    );
    expect(manifest.apps.windows).toEqual(installer);
    expect(manifest.apps.ios.kind).toBe('listing');
    expect(manifest.apps.androidpro).toEqual(loadDownloads(undefined).apps.androidpro);
    expect(searchPageApps(manifest)).toEqual(['macos', 'chrome']);
  });

  it('may change the publisher only', () => {
    expect(loadDownloads(override({ publisher: 'Example Pte. Ltd.' })).publisher).toBe(
      'Example Pte. Ltd.',
    );
  });

  it('refuses an installer without its facts, naming every invalid field', () => {
    const message = problemsOf({
      apps: {
        windows: {
          ...installer,
          url: 'http://download.turbovpn.example/setup.zip',
          sha256: 'A'.repeat(64),
          size: 0,
          version: 'latest',
          released: '2 Nov 2026',
        },
      },
    });
    expect(message).toContain('apps.windows');
    for (const field of ['url', 'sha256', 'size', 'version', 'released']) {
      expect(message).toContain(`.${field}`);
    }
  });

  it('refuses an installer URL that is not the installer file', () => {
    const message = problemsOf({
      apps: { macos: { ...installer, url: 'https://download.turbovpn.example/mac/latest' } },
    });
    expect(message).toMatch(/must end in the installer file/);
  });

  it('refuses a store link off the store, an installer for a phone and unknown keys', () => {
    expect(
      problemsOf({
        apps: {
          ios: { kind: 'listing', store: 'App Store', url: 'https://apps.apple.example/id1' },
        },
      }),
    ).toContain('apps.ios.url: must be on apps.apple.com');
    expect(problemsOf({ apps: { androidpro: installer } })).toContain('apps.androidpro');
    expect(problemsOf({ apps: { linux: installer } })).toMatch(/linux/);
    expect(problemsOf({ apps: {}, mirror: 'x' })).toMatch(/mirror/);
  });

  it('names a missing or broken file', () => {
    expect(() => loadDownloads(path.join(dir, 'missing.json'))).toThrow(
      /missing\.json: cannot be read \(ENOENT\)/,
    );
    expect(problemsOf('{"apps": ')).toMatch(/is not valid JSON$/);
  });
});

describe('the checksum command', () => {
  it("names the downloaded file in each platform's shell", () => {
    expect(installerFile(installer)).toBe('TurboVPN-Setup-4.2.0.exe');
    expect(checksumCommand('windows', 'TurboVPN-Setup-4.2.0.exe')).toBe(
      'Get-FileHash "$HOME\\Downloads\\TurboVPN-Setup-4.2.0.exe" -Algorithm SHA256',
    );
    expect(checksumCommand('macos', 'TurboVPN-4.2.0.dmg')).toBe(
      'shasum -a 256 ~/Downloads/TurboVPN-4.2.0.dmg',
    );
  });
});
