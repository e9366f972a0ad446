import { setRequestLocale } from 'next-intl/server';
import { CompactFooter } from '@/components/layout/site-footer';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The standalone layout: pages shown inside the apps (Windows pay pages, extension survey),
// so no site navigation; only the legal links and the language switcher remain.
export default async function StandaloneLayout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  return (
    <>
      <main id="main" className="flex-1">
        {children}
      </main>
      <CompactFooter />
    </>
  );
}
