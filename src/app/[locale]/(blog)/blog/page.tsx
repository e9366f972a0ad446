import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FeaturedPosts } from '@/components/blog/featured-posts';
import { PostCard, PostGrid } from '@/components/blog/post-card';
import { SearchForm } from '@/components/blog/search-form';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Link } from '@/i18n/navigation';
import { localizePath } from '@/lib/locales';
import { blogDb, blogMetadata } from '@/server/blog/page-support';
import { blogHome } from '@/server/blog/service';
import { type LocaleParams, localeOf, pageText } from '@/server/seo/page-metadata';

// Blog pages read the database, so they render on demand (data cached 15 minutes, spec 9).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const metadata = await blogMetadata(locale, '/blog', await pageText(locale, 'blog'));
  if (metadata.alternates) {
    metadata.alternates.types = { 'application/atom+xml': localizePath(locale, '/blog/feed') };
  }
  return metadata;
}

// /blog: featured posts, the latest ones, the categories with their counts, search.
export default async function BlogHomePage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const [text, t, home] = await Promise.all([
    pageText(locale, 'blog'),
    getTranslations({ locale, namespace: 'Blog' }),
    blogHome(blogDb(), locale),
  ]);
  return (
    <>
      <PageHeader title={text.heading} lede={text.description}>
        <SearchForm locale={locale} />
      </PageHeader>
      {home.featured.length > 0 ? (
        <>
          <Container className="py-10 sm:py-14">
            <h2 className="mb-6 text-2xl font-bold">{t('featured')}</h2>
            <FeaturedPosts posts={home.featured} locale={locale} />
          </Container>
          {home.latest.length > 0 ? (
            <Container className="pb-10 sm:pb-14">
              <h2 className="mb-6 text-2xl font-bold">{t('latest')}</h2>
              <PostGrid>
                {home.latest.map((post) => (
                  <PostCard key={post.id} post={post} locale={locale} />
                ))}
              </PostGrid>
              <LinkButton href="/blog/more" variant="secondary" className="mt-8">
                {t('viewArchive')}
              </LinkButton>
            </Container>
          ) : null}
        </>
      ) : (
        <Container className="py-10">
          <p className="text-lg">{t('noPostsInLocale')}</p>
          {locale !== 'en' ? (
            <LinkButton href="/blog" locale="en" variant="secondary" className="mt-6">
              {t('readEnglishBlog')}
            </LinkButton>
          ) : null}
        </Container>
      )}
      <section className="bg-slate-50 py-10 sm:py-14">
        <Container>
          <h2 className="mb-6 text-2xl font-bold">{t('browseTopics')}</h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {home.categories.map((category) => (
              <li key={category.slug}>
                <Link
                  href={`/blog/category/${category.slug}`}
                  className="flex min-h-11 items-center justify-between gap-2 rounded-(--radius-card) border border-slate-200 bg-white p-4 no-underline shadow-(--shadow-card) hover:border-accent-700"
                >
                  <span className="font-semibold">{category.name}</span>
                  <span className="text-sm text-slate-600">
                    {t('postCount', { count: category.posts })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm">
            <a
              href={localizePath(locale, '/blog/feed')}
              type="application/atom+xml"
              className="underline"
            >
              {t('feed')}
            </a>
          </p>
        </Container>
      </section>
    </>
  );
}
