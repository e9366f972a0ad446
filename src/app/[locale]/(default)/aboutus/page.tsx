import { getTranslations } from 'next-intl/server';
import { FactsGrid } from '@/components/info/facts-grid';
import { contentPage } from '@/components/page-factories/content-page';

const page = contentPage('/aboutus', 'aboutus', {
  area: 'info',
  name: 'aboutus',
  variant: 'info',
  after: async (locale) => {
    const t = await getTranslations({ locale, namespace: 'Info' });
    return <FactsGrid locale={locale} title={t('factsTitle')} />;
  },
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
