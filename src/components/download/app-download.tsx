import { Check } from 'lucide-react';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Steps } from '@/components/ui/steps';
import { StoreBadge } from '@/components/ui/store-badges';
import { Link } from '@/i18n/navigation';
import { type AppProduct, appProducts } from '@/lib/catalog';
import { storeLinks } from '@/lib/site';
import type { Copy } from '../marketing/copy';
import { Icon, platformIcons } from '../marketing/icon-map';

/** /download/{product}: the app's store link, system requirements and install steps. */
export function AppDownload({
  product,
  heading,
  t,
  names,
}: {
  product: AppProduct;
  heading: string;
  /** DownloadPage namespace. */
  t: Copy;
  /** Downloads namespace (product names). */
  names: Copy;
}) {
  const store = storeLinks[product].store;
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
                <StoreBadge
                  product={product}
                  label={t('getOn', { store })}
                  newTabHint={t('storeNote', { store })}
                />
              </div>
            </div>
          </div>
        </Container>
      </section>
      <Container className="grid gap-6 py-12 sm:py-16 lg:grid-cols-2">
        <Card as="section">
          <h2 className="text-xl font-bold">{t('requirementsTitle')}</h2>
          <ul className="mt-4 space-y-3">
            {[1, 2, 3].map((n) => (
              <li key={n} className="flex gap-3">
                <Check size={20} aria-hidden="true" className="mt-1 shrink-0 text-success-700" />
                <span>{t(`products.${product}.req${n}`)}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card as="section">
          <h2 className="text-xl font-bold">{t('stepsTitle')}</h2>
          <div className="mt-4">
            <Steps items={[1, 2, 3, 4].map((n) => t(`products.${product}.step${n}`))} />
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
