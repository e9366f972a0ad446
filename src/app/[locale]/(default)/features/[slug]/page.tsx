import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { copyFor } from '@/components/marketing/copy';
import { FeatureDetail } from '@/components/marketing/feature-detail';
import { featureSlugs, includes } from '@/lib/catalog';
import { loadGuide } from '@/server/content/load';
import { localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return featureSlugs.map((slug) => ({ slug }));
}

type Props = { params: Promise<{ locale: string; slug: string }> };

// Only the listed slugs are prerendered (dynamicParams = false), so the guard never runs on
// demand; it narrows the type.
async function load(params: Props['params']) {
  const { slug } = await params;
  const locale = await localeOf(params);
  if (!includes(featureSlugs, slug)) notFound();
  const features = await copyFor(locale, 'Features');
  const text = await pageText(
    locale,
    'feature',
    { name: features(`${slug}.name`) },
    features(`${slug}.description`),
  );
  return { locale, slug, features, text };
}

export async function generateMetadata({ params }: Props) {
  const { locale, slug, text } = await load(params);
  return metadataFor(locale, `/features/${slug}`, text);
}

export default async function FeaturePage({ params }: Props) {
  const { locale, slug, features } = await load(params);
  setRequestLocale(locale);
  return (
    <FeatureDetail
      slug={slug}
      features={features}
      page={await copyFor(locale, 'FeaturesPage')}
      guide={loadGuide('features', slug, locale)}
    />
  );
}
