import { getTranslations } from 'next-intl/server';
import { contentPage } from '@/components/info/content-page';
import { RefundFacts } from '@/components/info/refund-facts';
import { LinkButton } from '@/components/ui/link-button';

// The refund policy of spec 9. Asking goes through the contact form; the user ID is shown in
// the account page (the refund request flow itself belongs to the payments issue).
const page = contentPage('/money-back-guarantee', 'moneyBackGuarantee', {
  area: 'legal',
  name: 'money-back-guarantee',
  variant: 'legal',
  header: async (locale) => {
    const t = await getTranslations({ locale, namespace: 'MoneyBack' });
    return (
      <div className="mt-6 flex flex-wrap gap-3">
        <LinkButton href="/contact-us">{t('ask')}</LinkButton>
        <LinkButton href="/myAccount" variant="secondary">
          {t('account')}
        </LinkButton>
      </div>
    );
  },
  before: (locale) => <RefundFacts locale={locale} />,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
