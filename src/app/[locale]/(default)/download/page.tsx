import { setRequestLocale } from 'next-intl/server';
import { DetectedLead, type LeadContent } from '@/components/download/detected-lead';
import { downloadLabels } from '@/components/download/download-link';
import { PlatformList } from '@/components/download/platform-list';
import { copyFor } from '@/components/marketing/copy';
import { Icon, platformIcons } from '@/components/marketing/icon-map';
import { Container } from '@/components/ui/container';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import { gameConsoles } from '@/lib/catalog';
import type { DownloadProduct } from '@/lib/downloads';
import { localizePath } from '@/lib/locales';
import { type DownloadPlatform, downloadPlatforms } from '@/lib/platform-detect';
import { downloads } from '@/server/content/downloads';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/download', await pageText(locale, 'download'));
}

const productOf: Record<DownloadPlatform, DownloadProduct> = {
  windows: 'windows',
  macos: 'macos',
  ios: 'ios',
  android: 'androidpro',
  chrome: 'chrome',
};

// /download: a lead that names the visitor's app (detected in the browser, see DetectedLead),
// every app with its store link or installer, and the game-console guides.
export default async function DownloadPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, names] = await Promise.all([
    pageText(locale, 'download'),
    copyFor(locale, 'DownloadPage'),
    copyFor(locale, 'Downloads'),
  ]);
  const { apps } = downloads();
  const leads = Object.fromEntries(
    downloadPlatforms.map((platform) => {
      const product = productOf[platform];
      const entry = apps[product];
      const { label, newTabHint } = downloadLabels(t, entry, locale);
      const lead: LeadContent = {
        title: t(`platforms.${platform}.name`),
        tagline: t(`platforms.${platform}.tagline`),
        url: entry.url,
        newTab: entry.kind !== 'installer',
        label,
        newTabHint,
        details:
          product === 'chrome'
            ? undefined
            : { href: localizePath(locale, `/download/${product}`), label: t('details') },
      };
      return [platform, lead];
    }),
  ) as Record<DownloadPlatform, LeadContent>;
  return (
    <>
      <section className="bg-navy-900 text-white">
        <Container className="py-12 sm:py-16">
          <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            {text.heading}
          </h1>
          <p className="mt-3 max-w-[65ch] text-lg text-slate-300">{text.description}</p>
          <div
            aria-live="polite"
            className="mt-8 min-h-64 rounded-(--radius-card) border border-navy-800 bg-navy-950 p-5 sm:min-h-52 sm:p-8"
          >
            <DetectedLead leads={leads} recommendedLabel={t('recommended')} listId="all-apps">
              <p className="text-sm font-semibold uppercase tracking-wide text-accent-100">
                {t('leadLabel')}
              </p>
              <h2 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
                {t('genericTitle')}
              </h2>
              <p className="mt-2 max-w-[65ch] text-slate-300">{t('genericBody')}</p>
            </DetectedLead>
          </div>
        </Container>
      </section>
      <Section id="apps" title={t('appsTitle')} lede={t('appsLede')}>
        <PlatformList id="all-apps" locale={locale} t={t} names={names} />
      </Section>
      <Section
        id="consoles"
        tone="tint"
        title={t('consolesTitle')}
        lede={t('consolesLede')}
        action={
          <Link href="/download/game-console" className="font-semibold text-accent-700">
            {t('allConsoles')}
          </Link>
        }
      >
        <FeatureGrid
          items={[
            ...gameConsoles.map((console) => ({
              key: console,
              icon: <Icon icon={platformIcons[console]} />,
              title: t('consoleGuide', { name: names(console) }),
              body: t(`consoles.${console}.intro`),
              href: `/download/${console}`,
            })),
          ]}
        />
      </Section>
    </>
  );
}
