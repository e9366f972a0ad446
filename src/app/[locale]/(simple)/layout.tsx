import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CompactFooter } from '@/components/layout/site-footer';
import { MinimalHeader } from '@/components/layout/site-header';
import { LinkButton } from '@/components/ui/link-button';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The simple layout: landing pages with one call to action (offers, newsletter, forwarding).
export default async function SimpleLayout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  const t = await getTranslations('Nav');
  return (
    <>
      <MinimalHeader
        aside={
          <LinkButton href="/pricing" className="min-h-10 px-4 py-2 text-sm">
            {t('getVpn')}
          </LinkButton>
        }
      />
      <main id="main" className="flex-1">
        {children}
      </main>
      <CompactFooter />
    </>
  );
}
