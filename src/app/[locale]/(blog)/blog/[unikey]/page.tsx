import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ArticleBody } from '@/components/blog/article-body';
import { PostCard } from '@/components/blog/post-card';
import { ShareLinks } from '@/components/blog/share-links';
import { JsonLd } from '@/components/seo/json-ld';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { TableOfContents } from '@/components/ui/table-of-contents';
import { Link } from '@/i18n/navigation';
import { formatDay } from '@/lib/date-format';
import { directionOf, type Locale } from '@/lib/locales';
import { absoluteUrl } from '@/lib/seo/metadata';
import { brand } from '@/lib/site';
import { blogDb, blogMetadata } from '@/server/blog/page-support';
import { BlogNotFoundError, blogPostDetail, recommendedPosts } from '@/server/blog/service';
import type { BlogPostDetail } from '@/server/blog/wire';
import { config } from '@/server/config';
import { localeOf, pageText } from '@/server/seo/page-metadata';

// /blog/{unikey}: one post. The proxy answers 404 for keys that name no post in this locale
// (docs/architecture.md, "Not-found pages"); if a post disappears in between, the page says so
// (noindex) instead of calling notFound(), which would send an empty document.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; unikey: string }> };

async function load(
  props: Props,
): Promise<{ locale: Locale; key: string; post: BlogPostDetail | null }> {
  const raw = await props.params;
  const locale = await localeOf(Promise.resolve(raw));
  const key = decodeURIComponent(raw.unikey);
  try {
    return { locale, key, post: await blogPostDetail(blogDb(), locale, key) };
  } catch (error: unknown) {
    if (error instanceof BlogNotFoundError) return { locale, key, post: null };
    throw error;
  }
}

const pathOf = (unikey: string) => `/blog/${encodeURIComponent(unikey)}`;

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, key, post } = await load(props);
  if (!post)
    return blogMetadata(locale, pathOf(key), await pageText(locale, 'blogPostMissing'), {
      noindex: true,
    });
  const metadata = await blogMetadata(
    locale,
    pathOf(post.unikey),
    { title: post.seo.title, description: post.seo.description, heading: post.title },
    {
      alternatePaths: Object.fromEntries(
        post.translations.map((tr) => [tr.locale, pathOf(tr.unikey)]),
      ),
      // An English post shown untranslated here: the English page is the one to index.
      noindex: post.locale !== locale,
    },
  );
  metadata.openGraph = {
    ...metadata.openGraph,
    type: 'article',
    publishedTime: post.published,
    modifiedTime: post.updated ?? post.published,
    authors: [post.author],
    section: post.category.name,
    tags: post.tags,
  };
  return metadata;
}

export default async function BlogPostPage(props: Props) {
  const { locale, post } = await load(props);
  setRequestLocale(locale);
  const [t, common, nav] = await Promise.all([
    getTranslations({ locale, namespace: 'Blog' }),
    getTranslations({ locale, namespace: 'Common' }),
    getTranslations({ locale, namespace: 'Nav' }),
  ]);
  if (!post) {
    const text = await pageText(locale, 'blogPostMissing');
    return (
      <PageHeader title={text.heading} lede={t('postNotFound')}>
        <LinkButton href="/blog" className="mt-6">
          {t('backToBlog')}
        </LinkButton>
      </PageHeader>
    );
  }
  const related = await recommendedPosts(blogDb(), locale, post.unikey, 3);
  // An English post this blog shows untranslated: its own text is marked as English.
  const foreign = post.locale !== locale;
  const text = foreign ? { lang: post.locale, dir: directionOf(post.locale) } : {};
  const siteUrl = config().SITE_URL;
  const url = absoluteUrl(siteUrl, locale, pathOf(post.unikey));
  const crumbs = [
    { label: common('home'), href: '/' },
    { label: nav('blog'), href: '/blog' },
    { label: post.category.name, href: `/blog/category/${post.category.slug}` },
    { label: post.title },
  ];
  return (
    <>
      <JsonLd
        data={[
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.title,
            description: post.seo.description,
            inLanguage: locale,
            datePublished: post.published,
            dateModified: post.updated ?? post.published,
            author: { '@type': 'Person', name: post.author },
            publisher: { '@type': 'Organization', name: brand.name },
            mainEntityOfPage: url,
            url,
            articleSection: post.category.name,
            keywords: post.tags.join(', '),
            ...(post.cover ? { image: new URL(post.cover.url, siteUrl).toString() } : {}),
          },
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: crumbs.map((crumb, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              name: crumb.label,
              item: crumb.href ? absoluteUrl(siteUrl, locale, crumb.href) : url,
            })),
          },
        ]}
      />
      <article>
        <header className="bg-slate-50 py-10 sm:py-14">
          <Container>
            <Breadcrumbs items={crumbs} label={common('breadcrumbs')} />
            <p className="mt-6 text-sm font-semibold text-accent-700">
              <Link
                href={`/blog/category/${post.category.slug}`}
                className="no-underline hover:underline"
              >
                {post.category.name}
              </Link>
            </p>
            <h1
              {...text}
              className="mt-2 max-w-4xl text-3xl font-bold leading-tight tracking-tight sm:text-4xl"
            >
              {post.title}
            </h1>
            <p {...text} className="mt-4 max-w-[65ch] text-lg text-slate-700">
              {post.excerpt}
            </p>
            {foreign ? (
              <p
                role="note"
                data-english-only
                className="mt-4 max-w-[70ch] rounded-lg bg-amber-50 px-4 py-3 text-sm text-slate-800"
              >
                {t('englishOnly')}
              </p>
            ) : null}
            <p className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
              <span>{t('byAuthor', { author: post.author })}</span>
              <span>
                <time dateTime={post.published}>
                  {t('publishedOn', { date: formatDay(locale, post.published) })}
                </time>
              </span>
              {post.updated ? (
                <span>
                  <time dateTime={post.updated}>
                    {t('updatedOn', { date: formatDay(locale, post.updated) })}
                  </time>
                </span>
              ) : null}
              <span>{t('readingTime', { minutes: post.reading_minutes })}</span>
            </p>
          </Container>
        </header>
        <Container className="grid gap-10 py-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {post.cover ? (
              // biome-ignore lint/performance/noImgElement: covers are small SVG files from public/
              <img
                src={post.cover.url}
                alt={post.cover.alt}
                width={1200}
                height={630}
                fetchPriority="high"
                className="mb-8 aspect-[40/21] w-full rounded-(--radius-card) bg-slate-100 object-cover"
              />
            ) : null}
            <div className="mb-8 lg:hidden">
              <TableOfContents entries={post.toc} label={t('toc')} lang={text} />
            </div>
            <div {...text}>
              <ArticleBody html={post.html} />
            </div>
            {post.tags.length > 0 ? (
              <section aria-labelledby="tags-heading" className="mt-10">
                <h2 id="tags-heading" className="text-lg font-bold">
                  {t('tags')}
                </h2>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {post.tags.map((tag) => (
                    <li key={tag}>
                      <Link
                        href={`/blog/tag/${tag}`}
                        className="inline-flex min-h-11 items-center rounded-full bg-accent-50 px-4 text-sm font-medium text-accent-800 no-underline hover:underline"
                      >
                        #{tag}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <ShareLinks url={url} title={post.title} locale={locale} />
          </div>
          <aside className="hidden lg:block">
            <div className="sticky top-6">
              <TableOfContents entries={post.toc} label={t('toc')} lang={text} />
            </div>
          </aside>
        </Container>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="recommended-heading" className="bg-slate-50 py-10 sm:py-14">
          <Container>
            <h2 id="recommended-heading" className="mb-6 text-2xl font-bold">
              {t('recommended')}
            </h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <PostCard key={item.id} post={item} locale={locale} />
              ))}
            </div>
          </Container>
        </section>
      ) : null}
    </>
  );
}
