import { getTranslations } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { Pagination } from '@/components/ui/pagination';
import type { Locale } from '@/lib/locales';
import { paginationLabels } from '@/server/blog/page-support';
import type { BlogPage, BlogPostSummary } from '@/server/blog/wire';
import { PostCard, PostGrid } from './post-card';

/** One page of posts with its pagination, or the empty state that leads elsewhere. */
export async function PostList({
  page,
  locale,
  hrefFor,
}: {
  page: BlogPage<BlogPostSummary>;
  locale: Locale;
  hrefFor: (page: number) => string;
}) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  return (
    <Container className="py-10 sm:py-14">
      {page.items.length === 0 ? (
        <div className="rounded-(--radius-card) border border-slate-200 bg-slate-50 p-8 text-center">
          <p className="text-lg">{t('noPosts')}</p>
          <LinkButton href="/blog" variant="secondary" className="mt-6">
            {t('backToBlog')}
          </LinkButton>
        </div>
      ) : (
        <>
          <p className="mb-6 text-sm text-slate-600">
            {t('listSummary', { total: page.total, page: page.page, pages: page.total_pages })}
          </p>
          <PostGrid columns={2}>
            {page.items.map((post) => (
              <PostCard key={post.id} post={post} locale={locale} headingLevel="h2" />
            ))}
          </PostGrid>
          <Pagination
            current={page.page}
            total={page.total_pages}
            hrefFor={hrefFor}
            labels={await paginationLabels(locale)}
          />
        </>
      )}
    </Container>
  );
}
