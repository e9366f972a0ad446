import { setRequestLocale } from 'next-intl/server';
import { copyFor } from '@/components/marketing/copy';
import { CtaBand } from '@/components/marketing/cta-band';
import { RegionLocations } from '@/components/servers/location-list';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { serverRegions } from '@/lib/server-locations';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/vpn-server', await pageText(locale, 'vpnServer'));
}

// /vpn-server: all locations from src/lib/server-locations.ts, grouped by region.
export default async function VpnServerPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, home] = await Promise.all([
    pageText(locale, 'vpnServer'),
    copyFor(locale, 'ServersPage'),
    copyFor(locale, 'Home'),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description}>
        <p className="mt-6 flex flex-wrap items-center gap-2 text-slate-700">
          <Badge tone="success">{t('free')}</Badge>
          <Badge tone="neutral">{t('premium')}</Badge>
          <span>{t('filterNote')}</span>
        </p>
      </PageHeader>
      {serverRegions.map((region, index) => (
        <Section
          key={region}
          id={`region-${region}`}
          tone={index % 2 === 0 ? 'white' : 'tint'}
          title={t(`regions.${region}`)}
        >
          <RegionLocations region={region} locale={locale} t={t} />
        </Section>
      ))}
      <CtaBand
        title={home('cta.title')}
        lede={t('lede')}
        primary={{ href: '/download', label: t('download') }}
        secondary={{ href: '/pricing', label: t('getPremium') }}
      />
    </>
  );
}
