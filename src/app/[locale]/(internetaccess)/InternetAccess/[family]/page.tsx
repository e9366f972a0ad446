import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { includes, useCaseFamilies } from '@/lib/catalog';

export const dynamicParams = false;
export function generateStaticParams() {
  return useCaseFamilies.map((family) => ({ family }));
}

const page = dynamicHeadingPage<{ family: string }>(async ({ family }, locale) => {
  if (!includes(useCaseFamilies, family)) return null;
  const t = await getTranslations({ locale, namespace: 'UseCases.families' });
  return {
    path: `/InternetAccess/${family}`,
    key: 'useCaseFamily',
    values: { name: t(`${family}.name`) },
    description: t(`${family}.description`),
  };
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
