import type { DownloadEntry } from '@/lib/downloads';
import type { Locale } from '@/lib/locales';
import type { Copy } from '../marketing/copy';

/** An installer's size in the reader's language, in decimal megabytes as browsers show it. */
export function formatSize(locale: Locale, bytes: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / 1_000_000);
}

/**
 * The words on an app's download button (DownloadPage namespace): "Get it on <store>" with a
 * new-tab hint for a store, "Download the installer (<size>)" for an installer file.
 */
export function downloadLabels(
  t: Copy,
  entry: DownloadEntry,
  locale: Locale,
): { label: string; newTabHint: string } {
  if (entry.kind === 'installer') {
    return {
      label: t('downloadInstaller', { size: formatSize(locale, entry.size) }),
      newTabHint: '',
    };
  }
  return {
    label: t('getOn', { store: entry.store }),
    newTabHint: t('storeNote', { store: entry.store }),
  };
}
