import { setRequestLocale } from 'next-intl/server';
import { copyFor } from '@/components/marketing/copy';
import { CountryFlag } from '@/components/ui/country-flag';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import { serverCountrySlugs } from '@/lib/catalog';
import {
  countriesIn,
  countryOfSlug,
  locationsIn,
  serverRegions,
  slugOfCountry,
} from '@/lib/server-locations';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/vpn-for-country', await pageText(locale, 'vpnForCountry'));
}

// /vpn-for-country: the country guides first, then every country with servers.
export default async function VpnForCountryPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t] = await Promise.all([
    pageText(locale, 'vpnForCountry'),
    copyFor(locale, 'ServersPage'),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Section id="guides" title={t('featuredTitle')} lede={t('byCountryLede')}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {serverCountrySlugs.map((slug) => {
            const code = countryOfSlug[slug];
            return (
              <li
                key={slug}
                className="relative rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) focus-within:ring-2 focus-within:ring-accent-600 hover:shadow-md"
              >
                <h3 className="text-lg font-semibold">
                  <Link
                    href={`/vpn-server/${slug}`}
                    className="no-underline after:absolute after:inset-0 focus-visible:outline-none"
                  >
                    <CountryFlag countryCode={code} locale={locale} />
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-slate-600">
                  {t('countryCardCount', { count: locationsIn(code).length })}
                </p>
                <p className="mt-2 text-slate-600">{t(`countries.${slug}.why1`)}</p>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="all-countries" tone="tint" title={t('allCountriesTitle')}>
        <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {serverRegions.map((region) => (
            <div key={region}>
              <h3 className="text-lg font-semibold">{t(`regions.${region}`)}</h3>
              <ul className="mt-3 space-y-1">
                {countriesIn(region).map((code) => {
                  const slug = slugOfCountry(code);
                  return (
                    <li key={code}>
                      <Link
                        href={
                          slug ? `/vpn-server/${slug}` : `/vpn-server#country-${code.toLowerCase()}`
                        }
                        className="inline-flex min-h-9 items-center underline-offset-2 hover:underline"
                      >
                        <CountryFlag countryCode={code} locale={locale} />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </Section>
    </>
  );
}
