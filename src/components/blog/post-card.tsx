import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { formatDay } from '@/lib/date-format';
import { directionOf, type Locale } from '@/lib/locales';
import type { BlogPostSummary } from '@/server/blog/wire';

/** Site path of a post without its locale (Link adds it). */
export const postHref = (post: Pick<BlogPostSummary, 'unikey'>) =>
  `/blog/${encodeURIComponent(post.unikey)}`;

/**
 * A post in a list: cover, category, title (the link), excerpt, date and reading time. `wide`
 * sets the cover beside the text from 1024 px (a card across the whole content width), where a
 * cover above the text would be taller than the window.
 */
export async function PostCard({
  post,
  locale,
  headingLevel = 'h3',
  large = false,
  wide = false,
  priority = false,
  excerptHtml,
  titleHtml,
}: {
  post: BlogPostSummary;
  locale: Locale;
  headingLevel?: 'h2' | 'h3';
  large?: boolean;
  /** Cover beside the text from the lg breakpoint (for a card as wide as the content). */
  wide?: boolean;
  /** The first card of a page: its cover is likely the largest paint, so load it at once. */
  priority?: boolean;
  /** Escaped search headline with <mark>s (from the search service), shown instead of the excerpt. */
  excerptHtml?: string;
  /** The title the same way, with the matched words marked. */
  titleHtml?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const Heading = headingLevel;
  // An English post this blog shows untranslated: the card is marked as English.
  const foreign = post.locale !== locale;
  return (
    <article
      lang={foreign ? post.locale : undefined}
      dir={foreign ? directionOf(post.locale) : undefined}
      data-post-lang={post.locale}
      className={`group relative flex h-full flex-col overflow-hidden rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card) ${
        wide ? 'lg:flex-row' : ''
      }`}
    >
      {post.cover ? (
        // biome-ignore lint/performance/noImgElement: covers are small SVG files from public/, which next/image does not optimise
        <img
          src={post.cover.url}
          alt={post.cover.alt}
          width={1200}
          height={630}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className={`aspect-[40/21] w-full bg-slate-100 object-cover ${
            // Beside the text: half the card, as tall as the text when that is taller.
            wide ? 'lg:w-1/2 lg:shrink-0 lg:self-stretch' : ''
          }`}
        />
      ) : null}
      <div
        className={`flex min-w-0 flex-1 flex-col gap-2 ${large ? 'p-6' : 'p-5'} ${
          wide ? 'lg:justify-center lg:p-8' : ''
        }`}
      >
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-accent-700">
          <span lang={locale} dir={directionOf(locale)}>
            {post.category.name}
          </span>
          {foreign ? (
            <span
              lang={locale}
              dir={directionOf(locale)}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
            >
              {t('inEnglish')}
            </span>
          ) : null}
        </p>
        <Heading className={`${large ? 'text-2xl' : 'text-xl'} font-bold leading-snug`}>
          <Link
            href={postHref(post)}
            className="no-underline after:absolute after:inset-0 hover:underline [&_mark]:bg-accent-100 [&_mark]:text-navy-900"
          >
            {titleHtml ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the search service, only <mark> added (highlightHtml)
              <span dangerouslySetInnerHTML={{ __html: titleHtml }} />
            ) : (
              post.title
            )}
          </Link>
        </Heading>
        {excerptHtml ? (
          <p
            className="text-slate-700 [&_mark]:bg-accent-100 [&_mark]:text-navy-900"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the search service escapes the text and adds only <mark> (highlightHtml)
            dangerouslySetInnerHTML={{ __html: excerptHtml }}
          />
        ) : (
          <p className="text-slate-700">{post.excerpt}</p>
        )}
        <p className={`mt-auto pt-2 text-sm text-slate-600 ${wide ? 'lg:mt-0' : ''}`}>
          <time dateTime={post.published}>{formatDay(locale, post.published)}</time>
          {' · '}
          {t('readingTime', { minutes: post.reading_minutes })}
        </p>
      </div>
    </article>
  );
}

/** A responsive grid of post cards. */
export function PostGrid({
  children,
  columns = 3,
}: {
  children: React.ReactNode;
  columns?: 2 | 3;
}) {
  return (
    <div className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>
      {children}
    </div>
  );
}
