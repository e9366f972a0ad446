import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Container } from '@/components/ui/container';
import { Link } from '@/i18n/navigation';
import { useCaseFamilies } from '@/lib/catalog';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The use-case layout: the full chrome plus a bar that links the six use-case families.
export default async function InternetAccessLayout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  const t = await getTranslations('UseCases.families');
  const nav = await getTranslations('Nav');
  return (
    <>
      <SiteHeader />
      <nav aria-label={nav('useCases')} className="border-b border-slate-200 bg-white">
        <Container>
          <ul className="flex gap-1 overflow-x-auto py-2 text-sm">
            {useCaseFamilies.map((family) => (
              <li key={family} className="shrink-0">
                <Link
                  href={`/InternetAccess/${family}`}
                  className="block rounded-full px-3 py-2 font-medium no-underline hover:bg-slate-100"
                >
                  {t(`${family}.name`)}
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </nav>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
