import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { copyFor } from '@/components/marketing/copy';
import { CountryDetail } from '@/components/servers/country-detail';
import { includes, serverCountrySlugs } from '@/lib/catalog';
import { countryName, countryOfSlug } from '@/lib/server-locations';
import { loadGuide } from '@/server/content/load';
import { localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export const dynamicParams = false;
export function generateStaticParams() {
  return serverCountrySlugs.map((country) => ({ country }));
}

type Props = { params: Promise<{ locale: string; country: string }> };

// Only the eleven listed countries are prerendered (dynamicParams = false); the guard narrows.
async function load(params: Props['params']) {
  const { country: slug } = await params;
  const locale = await localeOf(params);
  if (!includes(serverCountrySlugs, slug)) notFound();
  const country = countryName(countryOfSlug[slug], locale);
  const text = await pageText(locale, 'serverCountry', { country });
  return { locale, slug, text };
}

export async function generateMetadata({ params }: Props) {
  const { locale, slug, text } = await load(params);
  return metadataFor(locale, `/vpn-server/${slug}`, text);
}

export default async function ServerCountryPage({ params }: Props) {
  const { locale, slug, text } = await load(params);
  setRequestLocale(locale);
  return (
    <CountryDetail
      slug={slug}
      locale={locale}
      heading={text.heading}
      lede={text.description}
      t={await copyFor(locale, 'ServersPage')}
      guide={loadGuide('countries', slug, locale)}
    />
  );
}
