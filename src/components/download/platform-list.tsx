import { Badge } from '@/components/ui/badge';
import { StoreBadge } from '@/components/ui/store-badge';
import { Link } from '@/i18n/navigation';
import type { DownloadProduct } from '@/lib/downloads';
import type { Locale } from '@/lib/locales';
import { downloads } from '@/server/content/downloads';
import type { Copy } from '../marketing/copy';
import { Icon, platformIcons } from '../marketing/icon-map';
import { downloadLabels } from './download-link';

/** The apps in the order /download lists them, with their platform (for detection) and page. */
export const listedProducts: { product: DownloadProduct; platform: string; page?: string }[] = [
  { product: 'windows', platform: 'windows', page: '/download/windows' },
  { product: 'macos', platform: 'macos', page: '/download/macos' },
  { product: 'ios', platform: 'ios', page: '/download/ios' },
  { product: 'androidpro', platform: 'android', page: '/download/androidpro' },
  { product: 'androidlite', platform: 'android', page: '/download/androidlite' },
  { product: 'chrome', platform: 'chrome' },
];

// Literal class names per platform (Tailwind only generates classes it finds in the source):
// a ring and a visible badge when an ancestor carries data-detected=<platform>.
const detectedLook: Record<string, { card: string; badge: string }> = {
  windows: {
    card: 'in-data-[detected=windows]:ring-3',
    badge: 'in-data-[detected=windows]:visible',
  },
  macos: { card: 'in-data-[detected=macos]:ring-3', badge: 'in-data-[detected=macos]:visible' },
  ios: { card: 'in-data-[detected=ios]:ring-3', badge: 'in-data-[detected=ios]:visible' },
  android: {
    card: 'in-data-[detected=android]:ring-3',
    badge: 'in-data-[detected=android]:visible',
  },
  chrome: { card: 'in-data-[detected=chrome]:ring-3', badge: 'in-data-[detected=chrome]:visible' },
};

/**
 * Every app, each with its store link or installer (downloads manifest) and its page. The card of the detected platform gets a
 * ring and a "recommended" badge through `[data-detected=…]` on the list (set by the island);
 * a ring and a badge that is always laid out (only made visible) shift nothing.
 */
export function PlatformList({
  id,
  locale,
  t,
  names,
}: {
  id: string;
  locale: Locale;
  /** DownloadPage namespace. */
  t: Copy;
  /** Downloads namespace: product names. */
  names: Copy;
}) {
  const { apps } = downloads();
  return (
    <ul id={id} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {listedProducts.map(({ product, platform, page }) => {
        const glyph = platformIcons[product];
        const name = product === 'chrome' ? t('platforms.chrome.name') : names(product);
        const tagline =
          product === 'androidlite'
            ? t('products.androidlite.intro')
            : t(`platforms.${platform}.tagline`);
        return (
          <li
            key={product}
            data-card={platform}
            className={`flex flex-col rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) ring-accent-600 sm:p-6 ${product === 'androidlite' ? '' : (detectedLook[platform]?.card ?? '')}`}
          >
            <div className="flex items-center justify-between gap-3">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
                {glyph ? <Icon icon={glyph} /> : null}
              </span>
              <span
                className={`invisible ${product === 'androidlite' ? '' : (detectedLook[platform]?.badge ?? '')}`}
              >
                <Badge tone="accent">{t('recommended')}</Badge>
              </span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{name}</h3>
            <p className="mt-1 flex-1 text-slate-600">{tagline}</p>
            <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3">
              <StoreBadge
                product={product}
                entry={apps[product]}
                {...downloadLabels(t, apps[product], locale)}
              />
              {page ? (
                <Link href={page} className="font-semibold text-accent-700">
                  {t('details')}
                </Link>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
