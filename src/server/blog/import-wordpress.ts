import 'server-only';
import { z } from 'zod';
import { blogCategories, includes } from '@/lib/catalog';
import type { Locale } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { emptyReport, type ImportablePost, type ImportReport, storePosts } from './importer';
import { htmlToText, prepareArticleHtml } from './markdown';

// `npm run blog:import -- --wordpress-url https://wp.example.com`: reads a WordPress site's
// REST API (/wp-json/wp/v2/posts?_embed) page by page. Its posts get isWP and keep their
// WordPress slug as short_path (key __wp__<slug>) and their permalink in wp_link.

const rendered = z.object({ rendered: z.string() });
const term = z.object({ taxonomy: z.string(), slug: z.string() });

const wpPostSchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1),
  link: z.string(),
  status: z.string().optional(),
  date_gmt: z.string(),
  modified_gmt: z.string().optional(),
  title: rendered,
  excerpt: rendered,
  content: rendered,
  yoast_head_json: z
    .object({ title: z.string().optional(), description: z.string().optional() })
    .partial()
    .nullish(),
  _embedded: z
    .object({
      author: z.array(z.object({ name: z.string().optional() }).partial()).optional(),
      'wp:term': z.array(z.array(term)).optional(),
    })
    .partial()
    .optional(),
});
export type WordPressPost = z.infer<typeof wpPostSchema>;

export interface WordPressImportOptions {
  baseUrl: string;
  locale: Locale;
  siteUrl: string;
  /** Category for posts none of whose WordPress categories is one of ours. */
  fallbackCategory?: string;
  fetchImpl?: typeof fetch;
  perPage?: number;
  /** Safety stop for a misbehaving server. */
  maxPages?: number;
}

const kebab = (value: string) =>
  decodeURIComponent(value)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const gmt = (value: string) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);

export function toImportable(post: WordPressPost, options: WordPressImportOptions): ImportablePost {
  const terms = (post._embedded?.['wp:term'] ?? []).flat();
  const wpCategories = terms.filter((t) => t.taxonomy === 'category').map((t) => kebab(t.slug));
  const category =
    wpCategories.find((slug) => includes(blogCategories, slug)) ??
    options.fallbackCategory ??
    'news';
  const tags = [
    ...new Set(terms.filter((t) => t.taxonomy === 'post_tag').map((t) => kebab(t.slug))),
  ].filter(Boolean);
  const slug = kebab(post.slug);
  const title = htmlToText(post.title.rendered);
  const excerpt = htmlToText(post.excerpt.rendered).slice(0, 400) || title;
  const published = gmt(post.date_gmt);
  const modified = post.modified_gmt ? gmt(post.modified_gmt) : null;
  return {
    source: post.link,
    fingerprint: JSON.stringify(post),
    locale: options.locale,
    shortPath: slug,
    isWp: true,
    wpLink: post.link,
    translationKey: `wp-${slug}`,
    category,
    tags,
    title,
    excerpt,
    author: post._embedded?.author?.[0]?.name ?? 'Turbo VPN',
    published,
    updated: modified && modified.getTime() > published.getTime() ? modified : null,
    // Remote images are not shown on the site (DESIGN.md, CSP); WordPress covers are left out.
    cover: null,
    coverAlt: '',
    seoTitle: post.yoast_head_json?.title ?? title,
    seoDescription: post.yoast_head_json?.description ?? excerpt,
    featured: false,
    article: () => prepareArticleHtml(post.content.rendered),
  };
}

export class WordPressImportError extends Error {
  override name = 'WordPressImportError';
}

/** Fetches every published post of the WordPress site, then stores them like Markdown posts. */
export async function importWordPress(
  db: Db,
  options: WordPressImportOptions,
): Promise<ImportReport> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const perPage = options.perPage ?? 100;
  const maxPages = options.maxPages ?? 100;
  const report = emptyReport();
  const posts: ImportablePost[] = [];
  let totalPages = 1;
  for (let page = 1; page <= totalPages && page <= maxPages; page += 1) {
    const url = new URL(
      'wp-json/wp/v2/posts',
      options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
    );
    url.searchParams.set('per_page', String(perPage));
    url.searchParams.set('page', String(page));
    url.searchParams.set('_embed', '1');
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error: unknown) {
      throw new WordPressImportError(`cannot reach ${url.origin}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new WordPressImportError(`${url} answered HTTP ${response.status}`);
    totalPages = Number(response.headers.get('x-wp-totalpages') ?? '1') || 1;
    const body: unknown = await response.json().catch(() => {
      throw new WordPressImportError(`${url} did not answer JSON`);
    });
    if (!Array.isArray(body))
      throw new WordPressImportError(`${url} did not answer a list of posts`);
    for (const item of body) {
      const parsed = wpPostSchema.safeParse(item);
      const source = `${url.origin} post ${(item as { id?: unknown })?.id ?? '?'}`;
      if (!parsed.success) {
        report.failed.push({
          source,
          error: `not a WordPress post: ${parsed.error.issues[0]?.path.join('.')}`,
        });
        continue;
      }
      if (parsed.data.status && parsed.data.status !== 'publish') continue;
      try {
        posts.push(toImportable(parsed.data, options));
      } catch (error: unknown) {
        report.failed.push({ source, error: (error as Error).message });
      }
    }
  }
  return storePosts(db, posts, options.siteUrl, report);
}
