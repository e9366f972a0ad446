import { getTranslations } from 'next-intl/server';
import { RefundFacts } from '@/components/info/refund-facts';
import { contentPage } from '@/components/page-factories/content-page';
import { LinkButton } from '@/components/ui/link-button';

// The refund policy of spec 9. Website buyers ask from their account page (a purchase, a
// reason); everyone else through the contact form. App Store and Google Play purchases follow
// the store's rules, which the policy text itself explains (#other-platforms).
const page = contentPage('/money-back-guarantee', 'moneyBackGuarantee', {
  area: 'legal',
  name: 'money-back-guarantee',
  variant: 'legal',
  header: async (locale) => {
    const t = await getTranslations({ locale, namespace: 'MoneyBack' });
    return (
      <>
        <p className="mt-4 max-w-[65ch] text-slate-700">{t('accountNote')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LinkButton href="/myAccount">{t('fromAccount')}</LinkButton>
          <LinkButton href="/contact-us" variant="secondary">
            {t('ask')}
          </LinkButton>
        </div>
      </>
    );
  },
  before: (locale) => <RefundFacts locale={locale} />,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
