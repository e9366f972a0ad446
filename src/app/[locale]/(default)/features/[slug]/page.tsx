import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { featureSlugs, includes } from '@/lib/catalog';
import { claimValues } from '@/lib/claim-values';

export const dynamicParams = false;
export function generateStaticParams() {
  return featureSlugs.map((slug) => ({ slug }));
}

const page = dynamicHeadingPage<{ slug: string }>(async ({ slug }, locale) => {
  if (!includes(featureSlugs, slug)) return null;
  const t = await getTranslations({ locale, namespace: 'Features' });
  const values = claimValues(locale);
  return {
    path: `/features/${slug}`,
    key: 'feature',
    values: { name: t(`${slug}.name`, values) },
    description: t(`${slug}.description`, values),
  };
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
