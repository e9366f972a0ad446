import { serializeJsonLd } from '@/lib/json-ld';
import type { Locale } from '@/lib/locales';
import { brand } from '@/lib/site';
import type { BlogSeoHead } from '@/server/db/schema/blog';

// The stored "yoast head" of a post (spec 3: title, meta, script), built at import from the
// post and the site's public URL; GET /ws/mm/v2/blog/yoast-head serves it as stored.

export interface SeoHeadInput {
  siteUrl: string;
  locale: Locale;
  /** Site path of the post, e.g. /de/blog/x. */
  path: string;
  seoTitle: string;
  seoDescription: string;
  title: string;
  author: string;
  published: Date;
  updated: Date | null;
  cover: string | null;
  category: string;
  tags: string[];
}

export function buildSeoHead(input: SeoHeadInput): BlogSeoHead {
  const url = new URL(input.path, input.siteUrl).toString();
  const image = input.cover ? new URL(input.cover, input.siteUrl).toString() : null;
  const title = input.seoTitle.includes(brand.name)
    ? input.seoTitle
    : `${input.seoTitle} | ${brand.name}`;
  const meta: BlogSeoHead['meta'] = [
    { name: 'description', content: input.seoDescription },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.seoDescription },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:locale', content: input.locale.replace('-', '_') },
    { property: 'article:published_time', content: input.published.toISOString() },
    ...(input.updated
      ? [{ property: 'article:modified_time', content: input.updated.toISOString() }]
      : []),
    { property: 'article:section', content: input.category },
    ...input.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.seoDescription },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
  const blogPosting = {
    '@context': 'https://schema.org' as const,
    '@type': 'BlogPosting' as const,
    headline: input.title,
    description: input.seoDescription,
    inLanguage: input.locale,
    datePublished: input.published.toISOString(),
    dateModified: (input.updated ?? input.published).toISOString(),
    author: { '@type': 'Person' as const, name: input.author },
    publisher: { '@type': 'Organization' as const, name: brand.name },
    mainEntityOfPage: url,
    url,
    articleSection: input.category,
    keywords: input.tags.join(', '),
    ...(image ? { image } : {}),
  };
  return {
    title,
    meta,
    script: [{ type: 'application/ld+json', json: serializeJsonLd(blogPosting) }],
  };
}
