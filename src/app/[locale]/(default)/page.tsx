import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AppsGrid } from '@/components/marketing/apps-grid';
import { ClaimsBand } from '@/components/marketing/claims-band';
import { copyFor } from '@/components/marketing/copy';
import { CtaBand } from '@/components/marketing/cta-band';
import { FreeVsPremium } from '@/components/marketing/free-vs-premium';
import { HomeHero } from '@/components/marketing/home-hero';
import { familyIcons, featureIcons, Icon } from '@/components/marketing/icon-map';
import { Ratings } from '@/components/marketing/ratings';
import { JsonLd } from '@/components/seo/json-ld';
import { Accordion } from '@/components/ui/accordion';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { ArrowIcon } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import { featureSlugs, useCaseFamilies } from '@/lib/catalog';
import { claimValues } from '@/lib/claim-values';
import { absoluteUrl } from '@/lib/seo/metadata';
import { config } from '@/server/config';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/', await pageText(locale, 'home'));
}

function SectionLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 font-semibold text-accent-700">
      {label}
      <ArrowIcon size={18} />
    </Link>
  );
}

// The home page (also served at /home and /home/preview): hero, claims, apps, features, use
// cases, free vs premium, ratings and an FAQ excerpt.
export default async function HomePage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, features, families, appNames, plans, meta] = await Promise.all([
    pageText(locale, 'home'),
    copyFor(locale, 'Home'),
    copyFor(locale, 'Features'),
    copyFor(locale, 'UseCases.families'),
    copyFor(locale, 'Apps'),
    copyFor(locale, 'FeaturesPage'),
    getTranslations({ locale, namespace: 'Meta' }),
  ]);
  const home = absoluteUrl(config().SITE_URL, locale, '/');
  const faq = [1, 2, 3, 4].map((n) => ({
    id: `home-faq-${n}`,
    title: t(`faq.q${n}`),
    content: <p>{t(`faq.a${n}`)}</p>,
  }));
  return (
    <>
      <HomeHero t={t} heading={text.heading} />
      <ClaimsBand t={t} claims={claimValues(locale)} />
      <Section
        id="apps"
        title={t('apps.title')}
        lede={t('apps.lede')}
        action={<SectionLink href="/download" label={t('apps.all')} />}
      >
        <AppsGrid t={t} names={appNames} />
      </Section>
      <Section
        id="features"
        tone="tint"
        title={t('features.title')}
        lede={t('features.lede')}
        action={<SectionLink href="/features" label={t('features.all')} />}
      >
        <FeatureGrid
          items={featureSlugs.map((slug) => ({
            key: slug,
            icon: <Icon icon={featureIcons[slug]} />,
            title: features(`${slug}.name`),
            body: features(`${slug}.description`),
            href: `/features/${slug}`,
          }))}
        />
      </Section>
      <Section
        id="use-cases"
        title={t('useCases.title')}
        lede={t('useCases.lede')}
        action={<SectionLink href="/popular-uses" label={t('useCases.all')} />}
      >
        <FeatureGrid
          items={useCaseFamilies.map((family) => ({
            key: family,
            icon: <Icon icon={familyIcons[family]} />,
            title: families(`${family}.name`),
            body: families(`${family}.description`),
            href: `/InternetAccess/${family}`,
          }))}
        />
      </Section>
      <Section id="plans" tone="tint" title={plans('compare.title')} lede={plans('compare.lede')}>
        <FreeVsPremium t={plans} />
      </Section>
      <Section id="ratings" title={t('ratings.title')}>
        <Ratings t={t} locale={locale} />
      </Section>
      <Section
        id="faq"
        tone="tint"
        title={t('faq.title')}
        action={<SectionLink href="/faq" label={t('faq.all')} />}
      >
        <Accordion items={faq} className="max-w-3xl" />
      </Section>
      <CtaBand
        title={t('cta.title')}
        lede={t('cta.lede')}
        primary={{ href: '/download', label: t('cta.download') }}
        secondary={{ href: '/pricing', label: t('cta.pricing') }}
      />
      <JsonLd
        data={[
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: meta('siteName'),
            url: home,
            logo: new URL('/icon.svg', config().SITE_URL).toString(),
          },
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: meta('siteName'),
            url: home,
            inLanguage: locale,
          },
        ]}
      />
    </>
  );
}
