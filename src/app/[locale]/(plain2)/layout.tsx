import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CompactFooter } from '@/components/layout/site-footer';
import { MinimalHeader } from '@/components/layout/site-header';
import { SecureCheckoutBadge } from '@/components/pricing/secure-checkout-badge';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The second plain layout: checkout and payment results, marked as a secure checkout (not the
// gift card redemption result, which shares the layout but takes no payment).
export default async function Plain2Layout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  const t = await getTranslations('Common');
  return (
    <>
      <MinimalHeader aside={<SecureCheckoutBadge label={t('secureCheckout')} />} />
      <main id="main" className="flex-1 bg-slate-50">
        {children}
      </main>
      <CompactFooter />
    </>
  );
}
