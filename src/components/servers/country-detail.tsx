import { ShieldCheck } from 'lucide-react';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import { type ServerCountrySlug, serverCountrySlugs } from '@/lib/catalog';
import type { Locale } from '@/lib/locales';
import { countryName, countryOfSlug, flagEmoji, locationsIn } from '@/lib/server-locations';
import type { LoadedGuide } from '@/server/content/load';
import type { Copy } from '../marketing/copy';
import { CtaBand } from '../marketing/cta-band';
import { Guide } from '../marketing/guide';
import { CityList } from './location-list';

/**
 * /vpn-server/{country}: the country's own introduction, its cities, why connect there, and its
 * long-form guide (content/countries).
 */
export function CountryDetail({
  slug,
  locale,
  heading,
  lede,
  t,
  guide,
}: {
  slug: ServerCountrySlug;
  locale: Locale;
  heading: string;
  lede: string;
  /** ServersPage namespace. */
  t: Copy;
  guide: LoadedGuide;
}) {
  const code = countryOfSlug[slug];
  const country = countryName(code, locale);
  const count = locationsIn(code).length;
  return (
    <>
      <section className="bg-slate-50 py-10 sm:py-14">
        <Container>
          <Breadcrumbs
            label={t('breadcrumb')}
            items={[
              { label: t('home'), href: '/' },
              { label: t('servers'), href: '/vpn-server' },
              { label: country },
            ]}
          />
          <div className="mt-6 flex items-start gap-4">
            <span aria-hidden="true" className="text-5xl leading-none">
              {flagEmoji(code)}
            </span>
            <div>
              <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
                {heading}
              </h1>
              <p className="mt-4 max-w-[65ch] text-lg text-slate-600">{lede}</p>
            </div>
          </div>
        </Container>
      </section>
      <Container className="grid gap-6 py-12 sm:py-16 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <p className="max-w-[65ch] text-lg">{t(`countries.${slug}.intro`, { count })}</p>
          <h2 className="mt-10 text-2xl font-bold tracking-tight">{t('whyTitle', { country })}</h2>
          <ul className="mt-5 space-y-4">
            {[1, 2, 3].map((n) => (
              <li key={n} className="flex gap-3">
                <ShieldCheck
                  size={22}
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-accent-700"
                />
                <span>{t(`countries.${slug}.why${n}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <Card as="section" className="self-start">
          <h2 className="text-xl font-bold">{t('citiesTitle', { country })}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('locationCount', { count })}</p>
          <CityList countryCode={code} t={t} />
          <p className="mt-4 text-sm text-slate-600">{t('filterNote')}</p>
        </Card>
      </Container>
      <Guide guide={guide} tone="tint" />
      <Section
        id="other-countries"
        title={t('otherCountries')}
        action={
          <Link href="/vpn-server" className="font-semibold text-accent-700">
            {t('allLocations')}
          </Link>
        }
      >
        <ul className="flex flex-wrap gap-3">
          {serverCountrySlugs
            .filter((other) => other !== slug)
            .map((other) => (
              <li key={other}>
                <Link
                  href={`/vpn-server/${other}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 font-medium no-underline hover:border-accent-600"
                >
                  <span aria-hidden="true">{flagEmoji(countryOfSlug[other])}</span>
                  {countryName(countryOfSlug[other], locale)}
                </Link>
              </li>
            ))}
        </ul>
      </Section>
      <CtaBand
        title={t('countryPage', { country })}
        lede={t('lede')}
        primary={{ href: '/download', label: t('download') }}
        secondary={{ href: '/pricing', label: t('getPremium') }}
      />
    </>
  );
}
