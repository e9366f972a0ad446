import { Badge } from '@/components/ui/badge';
import { CountryFlag } from '@/components/ui/country-flag';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';
import { countriesIn, locationsIn, type ServerRegion, slugOfCountry } from '@/lib/server-locations';
import type { Copy } from '../marketing/copy';

/** The cities of one country with their tier, Free or Premium, as text badges. */
export function CityList({ countryCode, t }: { countryCode: string; t: Copy }) {
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {locationsIn(countryCode).map((location) => (
        <li key={location.city} className="flex items-center justify-between gap-3 py-2">
          <span>{location.city}</span>
          {location.tier === 'free' ? (
            <Badge tone="success">{t('free')}</Badge>
          ) : (
            <Badge tone="neutral">{t('premium')}</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One region of /vpn-server: a card per country with its flag, name, count and cities. */
export function RegionLocations({
  region,
  locale,
  t,
}: {
  region: ServerRegion;
  locale: Locale;
  /** ServersPage namespace. */
  t: Copy;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {countriesIn(region).map((code) => {
        const slug = slugOfCountry(code);
        const count = locationsIn(code).length;
        return (
          <li
            key={code}
            id={`country-${code.toLowerCase()}`}
            className="scroll-mt-24 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)"
          >
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="text-lg font-semibold">
                {slug ? (
                  <Link href={`/vpn-server/${slug}`} className="text-accent-700">
                    <CountryFlag countryCode={code} locale={locale} />
                  </Link>
                ) : (
                  <CountryFlag countryCode={code} locale={locale} />
                )}
              </h3>
              <span className="shrink-0 text-sm text-slate-600">
                {t('locationCount', { count })}
              </span>
            </div>
            <CityList countryCode={code} t={t} />
          </li>
        );
      })}
    </ul>
  );
}
