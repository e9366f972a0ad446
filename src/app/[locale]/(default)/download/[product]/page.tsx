import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { AppDownload } from '@/components/download/app-download';
import { ConsoleGuide } from '@/components/download/console-guide';
import { copyFor } from '@/components/marketing/copy';
import { appProducts, gameConsoles, includes } from '@/lib/catalog';
import { localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// One segment serves the app downloads and the game-console guides (spec 2.2).
export const dynamicParams = false;
export function generateStaticParams() {
  return [...appProducts, ...gameConsoles].map((product) => ({ product }));
}

type Props = { params: Promise<{ locale: string; product: string }> };

// Only listed values are prerendered (dynamicParams = false): the guard narrows the type.
async function load(params: Props['params']) {
  const { product } = await params;
  const locale = await localeOf(params);
  const names = await copyFor(locale, 'Downloads');
  if (includes(appProducts, product)) {
    const text = await pageText(locale, 'downloadProduct', { name: names(product) });
    return { locale, names, text, kind: 'app' as const, product };
  }
  if (includes(gameConsoles, product)) {
    const text = await pageText(locale, 'console', { name: names(product) });
    return { locale, names, text, kind: 'console' as const, product };
  }
  notFound();
}

export async function generateMetadata({ params }: Props) {
  const { locale, product, text } = await load(params);
  return metadataFor(locale, `/download/${product}`, text);
}

export default async function DownloadProductPage({ params }: Props) {
  const loaded = await load(params);
  setRequestLocale(loaded.locale);
  const t = await copyFor(loaded.locale, 'DownloadPage');
  return loaded.kind === 'app' ? (
    <AppDownload
      product={loaded.product}
      heading={loaded.text.heading}
      locale={loaded.locale}
      t={t}
      names={loaded.names}
    />
  ) : (
    <ConsoleGuide
      console={loaded.product}
      heading={loaded.text.heading}
      t={t}
      names={loaded.names}
    />
  );
}
