import { getTranslations } from 'next-intl/server';
import { contentPage } from '@/components/info/content-page';
import { FactsGrid } from '@/components/info/facts-grid';

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
