import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CompactFooter } from '@/components/layout/site-footer';
import { MinimalHeader } from '@/components/layout/site-header';
import { ShieldIcon } from '@/components/ui/icons';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The second plain layout: checkout and payment results, marked as a secure checkout.
export default async function Plain2Layout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  const t = await getTranslations('Common');
  return (
    <>
      <MinimalHeader
        aside={
          <p className="inline-flex items-center gap-2 text-sm font-medium text-success-700">
            <ShieldIcon size={18} />
            {t('secureCheckout')}
          </p>
        }
      />
      <main id="main" className="flex-1 bg-slate-50">
        {children}
      </main>
      <CompactFooter />
    </>
  );
}
