import { Check } from 'lucide-react';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Steps } from '@/components/ui/steps';
import { StoreBadge } from '@/components/ui/store-badge';
import { Link } from '@/i18n/navigation';
import { type AppProduct, appProducts } from '@/lib/catalog';
import type { Locale } from '@/lib/locales';
import { downloads } from '@/server/content/downloads';
import type { Copy } from '../marketing/copy';
import { Icon, platformIcons } from '../marketing/icon-map';
import { DownloadCheck } from './download-check';
import { downloadLabels } from './download-link';

/**
 * /download/{product}: the app's store link or installer (downloads manifest), how to check it,
 * system requirements and install steps (an installer's own when the app ships as one).
 */
export function AppDownload({
  product,
  heading,
  locale,
  t,
  names,
}: {
  product: AppProduct;
  heading: string;
  locale: Locale;
  /** DownloadPage namespace. */
  t: Copy;
  /** Downloads namespace (product names). */
  names: Copy;
}) {
  const { publisher, apps } = downloads();
  const entry = apps[product];
  const { label, newTabHint } = downloadLabels(t, entry, locale);
  // An installer brings its own requirements and steps; a store installs the way the copy says.
  const own = entry.kind === 'installer' ? `installer.${product}` : `products.${product}`;
  const requirements =
    entry.kind === 'installer'
      ? [t('minOs', { minOs: entry.minOs }), t(`${own}.req2`), t(`products.${product}.req3`)]
      : [1, 2, 3].map((n) => t(`${own}.req${n}`));
  return (
    <>
      <section className="bg-slate-50 py-10 sm:py-14">
        <Container>
          <Breadcrumbs
            label={t('breadcrumb')}
            items={[
              { label: t('home'), href: '/' },
              { label: t('download'), href: '/download' },
              { label: names(product) },
            ]}
          />
          <div className="mt-6 flex items-start gap-4">
            <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-accent-700 text-white sm:inline-flex">
              <Icon icon={platformIcons[product]} size={28} />
            </span>
            <div>
              <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
                {heading}
              </h1>
              <p className="mt-4 max-w-[65ch] text-lg text-slate-600">
                {t(`products.${product}.intro`)}
              </p>
              <div className="mt-6">
                <StoreBadge product={product} entry={entry} label={label} newTabHint={newTabHint} />
              </div>
            </div>
          </div>
        </Container>
      </section>
      <Container className="grid gap-6 py-12 sm:py-16 lg:grid-cols-2">
        <DownloadCheck
          product={product}
          entry={entry}
          publisher={publisher}
          locale={locale}
          t={t}
        />
        <Card as="section">
          <h2 className="text-xl font-bold">{t('requirementsTitle')}</h2>
          <ul className="mt-4 space-y-3">
            {requirements.map((requirement) => (
              <li key={requirement} className="flex gap-3">
                <Check size={20} aria-hidden="true" className="mt-1 shrink-0 text-success-700" />
                <span>{requirement}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card as="section">
          <h2 className="text-xl font-bold">{t('stepsTitle')}</h2>
          <div className="mt-4">
            <Steps items={[1, 2, 3, 4].map((n) => t(`${own}.step${n}`))} />
          </div>
        </Card>
      </Container>
      <nav aria-labelledby="other-apps" className="border-t border-slate-200 bg-slate-50">
        <Container className="py-10">
          <h2 id="other-apps" className="text-xl font-bold">
            {t('otherApps')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {appProducts
              .filter((other) => other !== product)
              .map((other) => (
                <li key={other}>
                  <Link
                    href={`/download/${other}`}
                    className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 font-medium no-underline hover:border-accent-600"
                  >
                    <Icon icon={platformIcons[other]} size={18} />
                    {names(other)}
                  </Link>
                </li>
              ))}
            <li>
              <Link
                href="/download/game-console"
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 font-medium no-underline hover:border-accent-600"
              >
                <Icon icon={platformIcons.xbox} size={18} />
                {t('gameConsole')}
              </Link>
            </li>
          </ul>
        </Container>
      </nav>
    </>
  );
}
