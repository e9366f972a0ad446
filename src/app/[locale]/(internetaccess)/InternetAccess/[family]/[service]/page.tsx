import { getTranslations } from 'next-intl/server';
import { dynamicHeadingPage } from '@/components/layout/page-shell';
import { includes, isUseCaseChild, useCaseFamilies, useCases } from '@/lib/catalog';

export const dynamicParams = false;
export function generateStaticParams() {
  return useCaseFamilies.flatMap((family) =>
    useCases[family].map((service) => ({ family, service })),
  );
}

const page = dynamicHeadingPage<{ family: string; service: string }>(
  async ({ family, service }, locale) => {
    if (!includes(useCaseFamilies, family) || !isUseCaseChild(family, service)) return null;
    const t = await getTranslations({ locale, namespace: 'UseCases' });
    const name = t(`services.${service}` as 'services.netflix');
    return {
      path: `/InternetAccess/${family}/${service}`,
      key: 'useCaseChild',
      values: { service: name },
      description: t(`families.${family}.child`, { service: name }),
    };
  },
);
export const generateMetadata = page.generateMetadata;
export default page.Page;
