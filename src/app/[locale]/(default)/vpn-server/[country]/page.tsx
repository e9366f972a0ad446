import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { includes, serverCountrySlugs } from '@/lib/catalog';

export const dynamicParams = false;
export function generateStaticParams() {
  return serverCountrySlugs.map((country) => ({ country }));
}

const page = dynamicHeadingPage<{ country: string }>(async ({ country }, locale) => {
  if (!includes(serverCountrySlugs, country)) return null;
  const t = await getTranslations({ locale, namespace: 'Servers' });
  return { path: `/vpn-server/${country}`, key: 'serverCountry', values: { country: t(country) } };
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
