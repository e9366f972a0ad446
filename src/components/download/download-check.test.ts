import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DownloadEntry } from '@/lib/downloads';
import en from '../../../messages/en.json';
import type { Copy } from '../marketing/copy';
import { DownloadCheck } from './download-check';
import { downloadLabels } from './download-link';

// The DownloadPage messages in English, formatted the way next-intl does for these simple ones.
const t = ((key: string, values: Record<string, string | number> = {}) => {
  const message = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en.DownloadPage);
  if (typeof message !== 'string') throw new Error(`no message ${key}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}) as Copy;
t.has = () => true;

const installer: DownloadEntry = {
  kind: 'installer',
  url: 'https://download.turbovpn.example/mac/TurboVPN-4.2.0.dmg',
  version: '4.2.0',
  size: 61_400_000,
  sha256: 'b'.repeat(64),
  minOs: 'macOS 12',
  released: '2026-11-02',
};

function render(entry: DownloadEntry, product: 'macos' | 'ios' = 'macos') {
  return renderToStaticMarkup(
    createElement(DownloadCheck, {
      product,
      entry,
      publisher: 'Innovative Connecting',
      locale: 'en',
      t,
    }),
  );
}

describe('the download check card', () => {
  it("shows an installer's facts and the command that checks its SHA-256", () => {
    const html = render(installer);
    expect(html).toContain('<dd data-field="version">4.2.0</dd>');
    expect(html).toContain('<time dateTime="2026-11-02">November 2, 2026</time>');
    expect(html).toContain('61.4 MB');
    expect(html).toContain('macOS 12 or later');
    expect(html).toContain(`>${'b'.repeat(64)}</code>`);
    expect(html).toContain(en.DownloadPage.verifyInstaller.macos);
    expect(html).toContain('shasum -a 256 ~/Downloads/TurboVPN-4.2.0.dmg');
  });

  it('names the developer to look for on a store listing or search page', () => {
    const listing = render(
      { kind: 'listing', store: 'App Store', url: 'https://apps.apple.com/app/id1' },
      'ios',
    );
    expect(listing).toContain('check that App Store names Innovative Connecting as the developer');
    const search = render(
      { kind: 'search', store: 'App Store', url: 'https://apps.apple.com/search?term=Turbo' },
      'ios',
    );
    expect(search).toContain('whose developer is Innovative Connecting');
    expect(search).not.toContain('data-release');
  });

  it('labels an installer button with its size and a store button with its store', () => {
    expect(downloadLabels(t, installer, 'en')).toEqual({
      label: 'Download the installer (61.4 MB)',
      newTabHint: '',
    });
    expect(
      downloadLabels(
        t,
        { kind: 'listing', store: 'Google Play', url: 'https://play.google.com/x' },
        'en',
      ),
    ).toEqual({ label: 'Get it on Google Play', newTabHint: 'Opens Google Play in a new tab' });
  });
});
