import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDay } from '@/lib/date-format';
import {
  checksumCommand,
  type DownloadEntry,
  type DownloadProduct,
  type InstallerEntry,
  installerFile,
} from '@/lib/downloads';
import type { Locale } from '@/lib/locales';
import type { Copy } from '../marketing/copy';
import { formatSize } from './download-link';

/**
 * How to tell the real app from a tampered file or a look-alike listing: for an installer its
 * version, date, size and SHA-256 with the command that checks it; for a store, whose developer
 * name to look for.
 */
export function DownloadCheck({
  product,
  entry,
  publisher,
  locale,
  t,
}: {
  product: DownloadProduct;
  entry: DownloadEntry;
  publisher: string;
  locale: Locale;
  /** DownloadPage namespace. */
  t: Copy;
}) {
  return (
    <Card as="section" className="min-w-0 lg:col-span-2">
      <h2 id="download-check" className="flex items-center gap-2 text-xl font-bold">
        <ShieldCheck size={22} aria-hidden="true" className="shrink-0 text-success-700" />
        {t('checkTitle')}
      </h2>
      {entry.kind === 'installer' ? (
        <InstallerFacts
          system={product === 'macos' ? 'macos' : 'windows'}
          entry={entry}
          locale={locale}
          t={t}
        />
      ) : (
        <p className="mt-4">
          {t(entry.kind === 'listing' ? 'verifyListing' : 'verifySearch', {
            store: entry.store,
            publisher,
          })}
        </p>
      )}
    </Card>
  );
}

/** An installer's release facts and the command that checks the downloaded file. */
function InstallerFacts({
  system,
  entry,
  locale,
  t,
}: {
  system: 'windows' | 'macos';
  entry: InstallerEntry;
  locale: Locale;
  t: Copy;
}) {
  return (
    <>
      <dl data-release className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('versionLabel')}</dt>
        <dd data-field="version">{entry.version}</dd>
        <dt className="font-semibold">{t('releasedLabel')}</dt>
        <dd>
          <time dateTime={entry.released}>{formatDay(locale, entry.released)}</time>
        </dd>
        <dt className="font-semibold">{t('sizeLabel')}</dt>
        <dd>{formatSize(locale, entry.size)}</dd>
        <dt className="font-semibold">{t('requiresLabel')}</dt>
        <dd>{t('minOs', { minOs: entry.minOs })}</dd>
        <dt className="font-semibold">{t('checksumLabel')}</dt>
        <dd>
          <code dir="ltr" data-field="sha256" className="break-all font-mono text-sm">
            {entry.sha256}
          </code>
        </dd>
      </dl>
      <p className="mt-5">{t(`verifyInstaller.${system}`)}</p>
      <pre
        dir="ltr"
        className="mt-3 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
      >
        <code>{checksumCommand(system, installerFile(entry))}</code>
      </pre>
    </>
  );
}
