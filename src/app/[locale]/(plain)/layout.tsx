import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CompactFooter } from '@/components/layout/site-footer';
import { MinimalHeader } from '@/components/layout/site-header';
import { Link } from '@/i18n/navigation';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The plain layout: sign-in and password pages, without the marketing navigation.
export default async function PlainLayout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  const t = await getTranslations('Common');
  return (
    <>
      <MinimalHeader
        aside={
          <Link href="/" className="text-sm font-medium text-accent-700 underline">
            {t('backToSite')}
          </Link>
        }
      />
      <main id="main" className="flex-1 bg-slate-50">
        {children}
      </main>
      <CompactFooter />
    </>
  );
}
