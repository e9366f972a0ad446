import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PostCard } from '@/components/blog/post-card';
import { SearchForm } from '@/components/blog/search-form';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';
import { parsePageNumber } from '@/lib/pagination';
import { blogDb, blogMetadata, blogPageSize, paginationLabels } from '@/server/blog/page-support';
import { BlogNotFoundError, recommendSearches, searchBlog } from '@/server/blog/service';
import { localeOf, pageText } from '@/server/seo/page-metadata';

// /blog/search?q=…&page=N: ranked full-text results with highlighted passages, and suggestions
// (recommend-searchs) when nothing was asked or nothing matched.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ q?: string | string[]; page?: string | string[] }>;
};

async function read(props: Props) {
  const locale = await localeOf(props.params);
  const query = await props.searchParams;
  const q = (typeof query.q === 'string' ? query.q : '').trim().replace(/\s+/g, ' ');
  const page = parsePageNumber(typeof query.page === 'string' ? query.page : '1') ?? 1;
  return { locale, q, page };
}

async function results(locale: Locale, q: string, page: number) {
  if (!q || q.length > 100) return null;
  try {
    return await searchBlog(blogDb(), { locale, q, page, pageSize: blogPageSize() });
  } catch (error: unknown) {
    // A page past the end (an edited URL): show the first page instead.
    if (error instanceof BlogNotFoundError)
      return searchBlog(blogDb(), { locale, q, page: 1, pageSize: blogPageSize() });
    throw error;
  }
}

export async function generateMetadata(props: Props) {
  const { locale, q } = await read(props);
  const text = q
    ? await pageText(locale, 'blogSearchResults', { q })
    : await pageText(locale, 'blogSearch');
  return blogMetadata(locale, '/blog/search', text, { noindex: true });
}

export default async function BlogSearchPage(props: Props) {
  const { locale, q, page } = await read(props);
  setRequestLocale(locale);
  const [t, found] = await Promise.all([
    getTranslations({ locale, namespace: 'Blog' }),
    results(locale, q, page),
  ]);
  const text = q
    ? await pageText(locale, 'blogSearchResults', { q })
    : await pageText(locale, 'blogSearch');
  const suggestions =
    !found || found.total === 0 ? await recommendSearches(blogDb(), locale, undefined, 10) : [];
  return (
    <>
      <PageHeader title={text.heading}>
        <SearchForm locale={locale} defaultValue={q} />
      </PageHeader>
      <Container className="py-10 sm:py-14">
        {q.length > 100 ? (
          <p role="alert" className="mb-6 text-error-700">
            {t('searchTooLong')}
          </p>
        ) : null}
        {found ? (
          <p role="status" className="mb-6 text-lg">
            {t('searchResults', { count: found.total, q: found.q })}
          </p>
        ) : null}
        {found && found.items.length > 0 ? (
          <>
            <ol className="grid gap-6">
              {found.items.map((post) => (
                <li key={post.id}>
                  <PostCard
                    post={post}
                    locale={locale}
                    headingLevel="h2"
                    excerptHtml={post.highlight}
                    titleHtml={post.title_highlight}
                  />
                </li>
              ))}
            </ol>
            <Pagination
              current={found.page}
              total={found.total_pages}
              hrefFor={(n) =>
                `/blog/search?q=${encodeURIComponent(found.q)}${n > 1 ? `&page=${n}` : ''}`
              }
              labels={await paginationLabels(locale)}
            />
          </>
        ) : null}
        {suggestions.length > 0 ? (
          <section aria-labelledby="popular-searches">
            <h2 id="popular-searches" className="text-xl font-bold">
              {t('popularSearches')}
            </h2>
            <p className="mt-2 text-slate-700">
              {found ? t('searchNoResultsHint') : t('searchPrompt')}
            </p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {suggestions.map((s) => (
                <li key={s.term}>
                  <Link
                    href={`/blog/search?q=${encodeURIComponent(s.term)}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 no-underline hover:border-accent-700"
                  >
                    {s.term}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Container>
    </>
  );
}
