import { getTranslations } from 'next-intl/server';
import { FactsGrid } from '@/components/info/facts-grid';
import { contentPage } from '@/components/page-factories/content-page';
import { buttonClass } from '@/components/ui/link-button';
import { contact } from '@/lib/site';

const page = contentPage('/press-room', 'pressRoom', {
  area: 'info',
  name: 'press-room',
  variant: 'info',
  header: async (locale) => {
    const t = await getTranslations({ locale, namespace: 'Press' });
    return (
      <p className="mt-6">
        <a href={`mailto:${contact.pressEmail}`} className={buttonClass('primary')}>
          {t('emailPress')}
        </a>
      </p>
    );
  },
  before: async (locale) => {
    const t = await getTranslations({ locale, namespace: 'Press' });
    return <FactsGrid locale={locale} title={t('factsTitle')} />;
  },
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
