import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CategoryMenu } from '@/components/blog/category-menu';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Container } from '@/components/ui/container';
import { Link } from '@/i18n/navigation';
import { blogCategories } from '@/lib/catalog';
import { pluralForms } from '@/lib/plural-message';
import { type LocaleLayoutProps, localeOf } from '@/server/seo/page-metadata';

// The blog layout: the full chrome plus the blog's category bar, whose "All topics" menu loads
// the categories with their post counts on demand (spec 4). The menu gets its texts as props,
// so blog pages load no ICU message runtime.
export default async function BlogLayout({ children, params }: LocaleLayoutProps) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const t = await getTranslations('Blog.categories');
  const nav = await getTranslations('Nav');
  const blog = await getTranslations('Blog');
  const menuTexts = {
    allTopics: blog('allTopics'),
    topicsLoading: blog('topicsLoading'),
    topicsError: blog('topicsError'),
    postCount: pluralForms(blog.raw('postCount')),
  };
  return (
    <>
      <SiteHeader />
      <nav aria-label={nav('blog')} className="border-b border-slate-200 bg-white">
        <Container className="flex items-center gap-1">
          {/* Scrolls sideways on a narrow screen: the end fades, so a word cut there does not
              read as one with "Search" beside it; the end padding clears the last topic of the
              fade once scrolled to it. */}
          <ul className="flex min-w-0 flex-1 gap-1 overflow-x-auto py-2 pe-6 text-sm [mask-image:linear-gradient(to_left,transparent,#000_1.5rem)] rtl:[mask-image:linear-gradient(to_right,transparent,#000_1.5rem)]">
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
          <Link
            href="/blog/search"
            className="shrink-0 rounded-full px-3 py-2 text-sm font-medium no-underline hover:bg-slate-100"
          >
            {blog('searchButton')}
          </Link>
          <CategoryMenu locale={locale} texts={menuTexts} />
        </Container>
      </nav>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
