import { setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The default layout: full header and footer (marketing, features, downloads, pricing, account).
export default async function DefaultLayout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
