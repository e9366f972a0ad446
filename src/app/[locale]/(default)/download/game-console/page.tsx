import { setRequestLocale } from 'next-intl/server';
import { ConsoleMethods } from '@/components/download/console-guide';
import { copyFor } from '@/components/marketing/copy';
import { Icon, platformIcons } from '@/components/marketing/icon-map';
import { FeatureGrid } from '@/components/ui/feature-grid';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { gameConsoles } from '@/lib/catalog';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/download/game-console', await pageText(locale, 'gameConsole'));
}

// /download/game-console: why consoles need a router or a shared connection, and the guides.
export default async function GameConsolePage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, names] = await Promise.all([
    pageText(locale, 'gameConsole'),
    copyFor(locale, 'DownloadPage'),
    copyFor(locale, 'Downloads'),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Section id="methods" title={t('allConsoles')} lede={t('consoles.overviewIntro')}>
        <ConsoleMethods t={t} />
        <p className="mt-6 max-w-[70ch] text-slate-600">{t('consoles.premiumNote')}</p>
      </Section>
      <Section id="guides" tone="tint" title={t('consoles.guides')}>
        <FeatureGrid
          items={gameConsoles.map((console) => ({
            key: console,
            icon: <Icon icon={platformIcons[console]} />,
            title: t('consoleGuide', { name: names(console) }),
            body: t(`consoles.${console}.intro`),
            href: `/download/${console}`,
          }))}
        />
      </Section>
    </>
  );
}
