import 'server-only';
import { type Locale, localizePath } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import { cached } from './cache';
import { sanitizeStoredHtml } from './markdown';
import { findPost, listPosts } from './queries';
import { postKey } from './wire';

// The Atom feed of a locale's blog (/blog/feed, /de/blog/feed, …): the 20 newest posts with
// their full, sanitised content.

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FeedText {
  title: string;
  subtitle: string;
}

export function atomFeed(
  db: Db,
  locale: Locale,
  siteUrl: string,
  text: FeedText,
  size = 20,
): Promise<string> {
  return cached(db, `feed:${locale}:${siteUrl}:${size}`, async () => {
    // The locale's own posts: a feed reader subscribed in German gets German entries.
    const rows = await listPosts(db, { locale, own: true, limit: size, offset: 0 });
    const url = (path: string) => new URL(localizePath(locale, path), siteUrl).toString();
    const selfUrl = url('/blog/feed');
    const updated = rows.reduce(
      (latest, row) => Math.max(latest, (row.updatedAt ?? row.publishedAt).getTime()),
      Date.UTC(2024, 0, 1),
    );
    const entries: string[] = [];
    for (const row of rows) {
      const full = await findPost(db, { locale, id: row.id });
      const link = url(`/blog/${encodeURIComponent(postKey(row))}`);
      entries.push(`  <entry>
    <id>${escapeXml(link)}</id>
    <title>${escapeXml(row.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>
    <published>${row.publishedAt.toISOString()}</published>
    <updated>${(row.updatedAt ?? row.publishedAt).toISOString()}</updated>
    <author><name>${escapeXml(row.author)}</name></author>
    <category term="${escapeXml(row.categorySlug)}"/>
    <summary>${escapeXml(row.excerpt)}</summary>
    <content type="html">${escapeXml(sanitizeStoredHtml(full?.bodyHtml ?? ''))}</content>
  </entry>`);
    }
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">
  <id>${escapeXml(selfUrl)}</id>
  <title>${escapeXml(text.title)}</title>
  <subtitle>${escapeXml(text.subtitle)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(url('/blog'))}"/>
  <updated>${new Date(updated).toISOString()}</updated>
${entries.join('\n')}
</feed>
`;
  });
}
