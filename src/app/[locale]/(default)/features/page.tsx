import { setRequestLocale } from 'next-intl/server';
import { copyFor } from '@/components/marketing/copy';
import { CtaBand } from '@/components/marketing/cta-band';
import { FreeVsPremium } from '@/components/marketing/free-vs-premium';
import { featureIcons, Icon } from '@/components/marketing/icon-map';
import { Badge } from '@/components/ui/badge';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { featureSlugs } from '@/lib/catalog';
import { featureContent } from '@/lib/features-content';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/features', await pageText(locale, 'features'));
}

// The features overview: the nine features, then Free against Premium.
export default async function FeaturesPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, features, page, home] = await Promise.all([
    pageText(locale, 'features'),
    copyFor(locale, 'Features'),
    copyFor(locale, 'FeaturesPage'),
    copyFor(locale, 'Home'),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Section id="all-features" title={page('overviewTitle')} lede={page('overviewLede')}>
        <FeatureGrid
          items={featureSlugs.map((slug) => ({
            key: slug,
            icon: <Icon icon={featureIcons[slug]} />,
            title: features(`${slug}.name`),
            body: features(`${slug}.description`),
            href: `/features/${slug}`,
            meta: featureContent[slug].premiumOnly ? (
              <Badge tone="accent">{page('premiumOnly')}</Badge>
            ) : (
              <Badge tone="success">{page('availableBoth')}</Badge>
            ),
          }))}
        />
      </Section>
      <Section id="plans" tone="tint" title={page('compare.title')} lede={page('compare.lede')}>
        <FreeVsPremium t={page} />
      </Section>
      <CtaBand
        title={home('cta.title')}
        lede={home('cta.lede')}
        primary={{ href: '/download', label: home('cta.download') }}
        secondary={{ href: '/pricing', label: home('cta.pricing') }}
      />
    </>
  );
}
