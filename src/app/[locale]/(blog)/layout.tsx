import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Container } from '@/components/ui/container';
import { Link } from '@/i18n/navigation';
import { blogCategories } from '@/lib/catalog';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The blog layout: the full chrome plus the blog's category bar.
export default async function BlogLayout({ children, params }: LocaleLayoutProps) {
  setRequestLocale(await localeOf(params));
  const t = await getTranslations('Blog.categories');
  const nav = await getTranslations('Nav');
  return (
    <>
      <SiteHeader />
      <nav aria-label={nav('blog')} className="border-b border-slate-200 bg-white">
        <Container>
          <ul className="flex gap-1 overflow-x-auto py-2 text-sm">
            {blogCategories.map((category) => (
              <li key={category} className="shrink-0">
                <Link
                  href={`/blog/category/${category}`}
                  className="block rounded-full px-3 py-2 font-medium no-underline hover:bg-slate-100"
                >
                  {t(category)}
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
