import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { appProducts, gameConsoles, includes } from '@/lib/catalog';

// One segment serves the app downloads and the game-console guides (spec 2.2).
export const dynamicParams = false;
export function generateStaticParams() {
  return [...appProducts, ...gameConsoles].map((product) => ({ product }));
}

const page = dynamicHeadingPage<{ product: string }>(async ({ product }, locale) => {
  const t = await getTranslations({ locale, namespace: 'Downloads' });
  if (includes(appProducts, product)) {
    return { path: `/download/${product}`, key: 'downloadProduct', values: { name: t(product) } };
  }
  if (includes(gameConsoles, product)) {
    return { path: `/download/${product}`, key: 'console', values: { name: t(product) } };
  }
  return null;
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
