import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { blogCategories, includes } from '@/lib/catalog';
import type { Locale } from '@/lib/locales';
import { parsePageNumber } from '@/lib/pagination';
import { blogDb, blogMetadata, blogPageSize } from '@/server/blog/page-support';
import { BlogNotFoundError, listBlogPosts, tagLocales } from '@/server/blog/service';
import { localeOf, type MessageValues, type PageKey, pageText } from '@/server/seo/page-metadata';
import { PostList } from './post-list';

// The paged lists: a category, a tag and the whole archive, each at /…, /…/page/{n}.
// The proxy has already answered 404 for unknown tags and pages past the end; a list that
// vanished in between renders its empty state rather than calling notFound() (see
// docs/architecture.md, "Not-found pages").

export type ListingKind = 'category' | 'tag' | 'more';

interface ListingParams {
  locale: string;
  category?: string;
  tag?: string;
  page?: string;
}

interface Resolved {
  locale: Locale;
  kind: ListingKind;
  value: string;
  page: number;
  basePath: string;
}

async function resolve(
  kind: ListingKind,
  raw: ListingParams,
  pageQuery?: string,
): Promise<Resolved> {
  const locale = await localeOf(Promise.resolve(raw));
  const value =
    kind === 'category'
      ? (raw.category ?? '')
      : kind === 'tag'
        ? decodeURIComponent(raw.tag ?? '')
        : '';
  const basePath = kind === 'more' ? '/blog/more' : `/blog/${kind}/${value}`;
  const page = parsePageNumber(raw.page ?? pageQuery ?? '1') ?? 1;
  return { locale, kind, value, page, basePath };
}

const pathOf = (r: Pick<Resolved, 'kind' | 'basePath'>, page: number) =>
  page === 1
    ? r.basePath
    : r.kind === 'more'
      ? `${r.basePath}?page=${page}`
      : `${r.basePath}/page/${page}`;

async function textOf(r: Resolved) {
  const names = await getTranslations({ locale: r.locale, namespace: 'Blog.categories' });
  const label =
    r.kind === 'category' && includes(blogCategories, r.value)
      ? names(r.value)
      : r.value.replaceAll('-', ' ');
  const keys: Record<ListingKind, [PageKey, PageKey]> = {
    category: ['blogCategory', 'blogCategoryPage'],
    tag: ['blogTagPosts', 'blogTagPage'],
    more: ['blogMore', 'blogMorePage'],
  };
  const values: MessageValues = { category: label, tag: label, page: r.page };
  return { label, text: await pageText(r.locale, keys[r.kind][r.page === 1 ? 0 : 1], values) };
}

async function load(r: Resolved) {
  try {
    return await listBlogPosts(blogDb(), {
      locale: r.locale,
      category: r.kind === 'category' ? r.value : undefined,
      tag: r.kind === 'tag' ? r.value : undefined,
      page: r.page,
      pageSize: blogPageSize(),
    });
  } catch (error: unknown) {
    if (!(error instanceof BlogNotFoundError)) throw error;
    return { page: r.page, page_size: blogPageSize(), total: 0, total_pages: 1, items: [] };
  }
}

export async function listingMetadata(kind: ListingKind, raw: ListingParams, pageQuery?: string) {
  const r = await resolve(kind, raw, pageQuery);
  const { text } = await textOf(r);
  // Every page of a list is its own canonical page. An empty category stays indexable: it is a
  // page of the route table (and the sitemap) with its heading and the way back to the blog.
  return blogMetadata(r.locale, pathOf(r, r.page), text, {
    languages: r.kind === 'tag' ? await tagLocales(blogDb(), r.value) : undefined,
  });
}

export async function ListingPage({
  kind,
  raw,
  pageQuery,
}: {
  kind: ListingKind;
  raw: ListingParams;
  pageQuery?: string;
}) {
  const r = await resolve(kind, raw, pageQuery);
  setRequestLocale(r.locale);
  const [{ label, text }, list, common, nav, t] = await Promise.all([
    textOf(r),
    load(r),
    getTranslations({ locale: r.locale, namespace: 'Common' }),
    getTranslations({ locale: r.locale, namespace: 'Nav' }),
    getTranslations({ locale: r.locale, namespace: 'Pages' }),
  ]);
  const crumbs: Crumb[] = [
    { label: common('home'), href: '/' },
    { label: nav('blog'), href: '/blog' },
    ...(r.kind === 'category'
      ? [{ label: t('blogCategoryIndex.heading'), href: '/blog/category' }]
      : []),
    ...(r.kind === 'tag' ? [{ label: t('blogTag.heading'), href: '/blog/tag' }] : []),
    ...(r.page > 1
      ? [{ label: r.kind === 'more' ? t('blogMore.heading') : label, href: r.basePath }]
      : []),
    { label: r.page > 1 ? String(r.page) : r.kind === 'more' ? t('blogMore.heading') : label },
  ];
  return (
    <>
      <PageHeader title={text.heading} lede={text.description}>
        <div className="mt-6">
          <Breadcrumbs items={crumbs} label={common('breadcrumbs')} />
        </div>
      </PageHeader>
      <PostList page={list} locale={r.locale} hrefFor={(page) => pathOf(r, page)} />
    </>
  );
}
