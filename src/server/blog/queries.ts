import 'server-only';
import { and, count, desc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { blogCategories as categoryOrder } from '@/lib/catalog';
import { defaultLocale, type Locale } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import {
  blogCategories,
  blogPosts,
  blogPostTags,
  blogTags,
  type NewBlogPostRow,
} from '@/server/db/schema/blog';
import { searchConfigOf } from './search-config';

// Data access of the blog: (db, params) => … and nothing else.

const {
  bodyHtml: _html,
  bodyText: _text,
  searchVector: _vector,
  seoHead: _head,
  toc: _toc,
  ...summaryColumns
} = getTableColumns(blogPosts);

export type PostSummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof blogPosts.$inferSelect)[K];
};
export type PostRow = typeof blogPosts.$inferSelect;

export interface PostLookup {
  locale: Locale;
  id?: number;
  shortPath?: string;
  isWp?: boolean;
}

/** The fixed categories, in the catalogue's order (idempotent). */
export async function ensureCategories(db: Db): Promise<void> {
  await db
    .insert(blogCategories)
    .values(categoryOrder.map((slug, position) => ({ slug, position })))
    .onConflictDoUpdate({ target: blogCategories.slug, set: { position: sql`excluded.position` } });
}

export async function countAllPosts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(blogPosts);
  return row?.value ?? 0;
}

export async function sourceHashOf(db: Db, locale: string, shortPath: string, isWp: boolean) {
  const [row] = await db
    .select({ id: blogPosts.id, sourceHash: blogPosts.sourceHash })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.locale, locale),
        eq(blogPosts.shortPath, shortPath),
        eq(blogPosts.isWp, isWp),
      ),
    );
  return row;
}

export type PostInput = Omit<NewBlogPostRow, 'id' | 'searchVector' | 'importedAt'>;

/**
 * Inserts or updates a post by (locale, short_path, isWP) and sets its tags, in one transaction.
 * The search vector weighs title (A), excerpt and tags (B) and body (C) in the locale's language.
 */
export async function upsertPost(db: Db, input: PostInput, tags: string[]): Promise<number> {
  const cfg = searchConfigOf(input.locale as Locale);
  const vector = sql`setweight(to_tsvector(${cfg}::regconfig, ${input.title}), 'A') ||
    setweight(to_tsvector(${cfg}::regconfig, ${`${input.excerpt} ${tags.join(' ').replaceAll('-', ' ')}`}), 'B') ||
    setweight(to_tsvector(${cfg}::regconfig, ${input.bodyText}), 'C')`;
  return db.transaction(async (tx) => {
    const { locale: _l, shortPath: _s, isWp: _w, ...changes } = input;
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...input, searchVector: vector })
      .onConflictDoUpdate({
        target: [blogPosts.locale, blogPosts.shortPath, blogPosts.isWp],
        set: { ...changes, searchVector: vector, importedAt: new Date() },
      })
      .returning({ id: blogPosts.id });
    if (!row) throw new Error('upsert returned no row');
    await tx.delete(blogPostTags).where(eq(blogPostTags.postId, row.id));
    if (tags.length > 0) {
      await tx
        .insert(blogTags)
        .values(tags.map((slug) => ({ slug })))
        .onConflictDoNothing();
      const tagRows = await tx
        .select({ id: blogTags.id })
        .from(blogTags)
        .where(inArray(blogTags.slug, tags));
      await tx
        .insert(blogPostTags)
        .values(tagRows.map((tag) => ({ postId: row.id, tagId: tag.id })));
    }
    return row.id;
  });
}

function lookupWhere(lookup: PostLookup) {
  if (lookup.id !== undefined)
    return and(eq(blogPosts.locale, lookup.locale), eq(blogPosts.id, lookup.id));
  return and(
    eq(blogPosts.locale, lookup.locale),
    eq(blogPosts.shortPath, lookup.shortPath ?? ''),
    eq(blogPosts.isWp, lookup.isWp ?? false),
  );
}

export async function findPost(db: Db, lookup: PostLookup): Promise<PostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(lookupWhere(lookup));
  return row;
}

/** The English post under a key that the lookup's locale shows untranslated. */
const englishShownIn = (lookup: PostLookup) =>
  and(lookupWhere({ ...lookup, locale: defaultLocale }), visibleIn(lookup.locale));

/** The post a locale's blog shows under a key: its own, or an English one it has no translation of. */
export async function findVisiblePost(db: Db, lookup: PostLookup): Promise<PostRow | undefined> {
  const own = await findPost(db, lookup);
  if (own || lookup.locale === defaultLocale) return own;
  const [row] = await db.select().from(blogPosts).where(englishShownIn(lookup));
  return row;
}

/** Like findVisiblePost, without the body. */
export async function findVisiblePostSummary(
  db: Db,
  lookup: PostLookup,
): Promise<PostSummaryRow | undefined> {
  const own = await findPostSummary(db, lookup);
  if (own || lookup.locale === defaultLocale) return own;
  const [row] = await db.select(summaryColumns).from(blogPosts).where(englishShownIn(lookup));
  return row;
}

/** The translation keys of the posts a key names in any language (a link from another one). */
export async function translationKeysAnywhere(db: Db, lookup: Omit<PostLookup, 'locale'>) {
  const where =
    lookup.id !== undefined
      ? eq(blogPosts.id, lookup.id)
      : and(
          eq(blogPosts.shortPath, lookup.shortPath ?? ''),
          eq(blogPosts.isWp, lookup.isWp ?? false),
        );
  const rows = await db
    .selectDistinct({ translationKey: blogPosts.translationKey })
    .from(blogPosts)
    .where(where);
  return rows.map((row) => row.translationKey);
}

export async function findPostSummary(
  db: Db,
  lookup: PostLookup,
): Promise<PostSummaryRow | undefined> {
  const [row] = await db.select(summaryColumns).from(blogPosts).where(lookupWhere(lookup));
  return row;
}

/** Finds a post by its database id alone, in any locale (/blog/detail?id=…). */
export async function findPostById(db: Db, id: number): Promise<PostSummaryRow | undefined> {
  const [row] = await db.select(summaryColumns).from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

export async function tagsOfPosts(db: Db, postIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (postIds.length === 0) return result;
  const rows = await db
    .select({ postId: blogPostTags.postId, slug: blogTags.slug })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(inArray(blogPostTags.postId, postIds))
    .orderBy(blogTags.slug);
  for (const row of rows) result.set(row.postId, [...(result.get(row.postId) ?? []), row.slug]);
  return result;
}

/**
 * The posts a locale's blog shows: its own, and the English posts it has no translation of
 * (listed after its own, marked as English), so no blog is ever empty.
 */
export function visibleIn(locale: Locale): SQL {
  const own = eq(blogPosts.locale, locale);
  if (locale === defaultLocale) return own;
  return or(own, untranslatedEnglish(locale)) as SQL;
}

/** The English posts a locale has no translation of. */
const untranslatedEnglish = (locale: Locale) =>
  and(
    eq(blogPosts.locale, defaultLocale),
    sql`not exists (select 1 from blog_posts t where t.locale = ${locale}
      and t.translation_key = ${blogPosts.translationKey})`,
  );

/** The locale's own posts before the English ones it shows. */
const ownFirst = (locale: Locale) => desc(sql`(${blogPosts.locale} = ${locale})`);

export interface ListFilter {
  locale: Locale;
  category?: string;
  tag?: string;
  /** Only the locale's own posts (its feed), not the English ones its blog also lists. */
  own?: boolean;
}

function filterWhere(filter: ListFilter) {
  const conditions = [filter.own ? eq(blogPosts.locale, filter.locale) : visibleIn(filter.locale)];
  if (filter.category) conditions.push(eq(blogPosts.categorySlug, filter.category));
  if (filter.tag) {
    conditions.push(
      sql`exists (select 1 from ${blogPostTags} join ${blogTags} on ${blogTags.id} = ${blogPostTags.tagId}
        where ${blogPostTags.postId} = ${blogPosts.id} and ${blogTags.slug} = ${filter.tag})`,
    );
  }
  return and(...conditions);
}

export async function countPosts(db: Db, filter: ListFilter): Promise<number> {
  const [row] = await db.select({ value: count() }).from(blogPosts).where(filterWhere(filter));
  return row?.value ?? 0;
}

/** The locale's own posts first, then newest first; featured posts first when `featuredFirst`. */
export async function listPosts(
  db: Db,
  filter: ListFilter & { limit: number; offset: number; featuredFirst?: boolean },
): Promise<PostSummaryRow[]> {
  const order = filter.featuredFirst
    ? [
        ownFirst(filter.locale),
        desc(blogPosts.featured),
        desc(blogPosts.publishedAt),
        desc(blogPosts.id),
      ]
    : [ownFirst(filter.locale), desc(blogPosts.publishedAt), desc(blogPosts.id)];
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(filterWhere(filter))
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The other language versions of a post (same translation key). */
export async function translationsOf(db: Db, translationKey: string) {
  return db
    .select({
      id: blogPosts.id,
      locale: blogPosts.locale,
      shortPath: blogPosts.shortPath,
      isWp: blogPosts.isWp,
    })
    .from(blogPosts)
    .where(eq(blogPosts.translationKey, translationKey));
}

/** Posts per category a locale's blog shows (every category, zero included). */
export async function categoryCounts(db: Db, locale: Locale) {
  const rows = await db
    .select({ slug: blogCategories.slug, posts: sql<number>`count(${blogPosts.id})::int` })
    .from(blogCategories)
    .leftJoin(blogPosts, and(eq(blogPosts.categorySlug, blogCategories.slug), visibleIn(locale)))
    .groupBy(blogCategories.slug, blogCategories.position)
    .orderBy(blogCategories.position);
  return rows;
}

/** Tags used by the posts a locale's blog shows, most used first. */
export async function tagCounts(db: Db, locale: Locale, limit = 500) {
  return db
    .select({ slug: blogTags.slug, posts: sql<number>`count(*)::int` })
    .from(blogTags)
    .innerJoin(blogPostTags, eq(blogPostTags.tagId, blogTags.id))
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
    .where(visibleIn(locale))
    .groupBy(blogTags.slug)
    .orderBy(desc(sql`count(*)`), blogTags.slug)
    .limit(limit);
}

/** Every post's key fields and dates, for the sitemap. */
export async function sitemapPosts(db: Db) {
  return db
    .select({
      locale: blogPosts.locale,
      shortPath: blogPosts.shortPath,
      isWp: blogPosts.isWp,
      id: blogPosts.id,
      translationKey: blogPosts.translationKey,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts);
}

/** Every (locale, tag, posts) pair, for the sitemap. */
export async function sitemapTags(db: Db) {
  return db
    .select({ locale: blogPosts.locale, slug: blogTags.slug, posts: sql<number>`count(*)::int` })
    .from(blogTags)
    .innerJoin(blogPostTags, eq(blogPostTags.tagId, blogTags.id))
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
    .groupBy(blogPosts.locale, blogTags.slug);
}

/** Posts close to one: shared tags count most, then the same category, then recency. */
export async function relatedPosts(db: Db, post: PostSummaryRow, limit: number) {
  const sharedTags = sql<number>`(select count(*) from ${blogPostTags} a join ${blogPostTags} b
    on a.tag_id = b.tag_id where a.post_id = ${blogPosts.id} and b.post_id = ${post.id})::int`;
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.locale, post.locale), ne(blogPosts.id, post.id)))
    .orderBy(
      desc(
        sql`${sharedTags} * 2 + (case when ${blogPosts.categorySlug} = ${post.categorySlug} then 3 else 0 end)`,
      ),
      desc(blogPosts.publishedAt),
      desc(blogPosts.id),
    )
    .limit(limit);
}

// Sentinels around matches in headlines; the service escapes the text and turns them into <mark>.
export const markStart = '\u2983';
export const markStop = '\u2984';

/**
 * Full-text search of what a locale's blog shows: its own posts first (best rank first), then
 * the English ones it lists, each matched with its own language's stemmer, with a highlighted
 * headline of the body.
 */
export async function searchPosts(
  db: Db,
  params: { locale: Locale; q: string; limit: number; offset: number },
) {
  const own = searchConfigOf(params.locale);
  const english = searchConfigOf(defaultLocale);
  // Each post is matched and highlighted with its own language's configuration. The queries are
  // scalar subqueries, computed once, so the GIN index finds the matches (a query that depends on
  // the row's locale would be parsed again for every post, with no index).
  const ownQuery = sql`(select websearch_to_tsquery(${own}::regconfig, ${params.q}))`;
  const englishQuery = sql`(select websearch_to_tsquery(${english}::regconfig, ${params.q}))`;
  const isOwn = eq(blogPosts.locale, params.locale);
  const ownMatches = and(isOwn, sql`${blogPosts.searchVector} @@ ${ownQuery}`) as SQL;
  const where =
    params.locale === defaultLocale
      ? ownMatches
      : (or(
          ownMatches,
          and(
            untranslatedEnglish(params.locale),
            sql`${blogPosts.searchVector} @@ ${englishQuery}`,
          ),
        ) as SQL);
  const query =
    params.locale === defaultLocale
      ? ownQuery
      : sql`(case when ${isOwn} then ${ownQuery} else ${englishQuery} end)`;
  const cfg = sql`(case when ${isOwn} then ${own} else ${english} end)::regconfig`;
  // Each match is ranked once, in a subquery that yields only what ordering needs. The fence
  // (`offset 0`) keeps PostgreSQL from flattening it: flattened, the window count below would
  // carry every match's whole search vector through its buffer (spilling to disk) and rank it
  // after, twice (select list and sort key).
  const matches = db
    .$with('matches', {
      id: sql<number>`id`.as('id'),
      own: sql<boolean>`own`.as('own'),
      publishedAt: sql<Date>`published_at`.as('published_at'),
      rank: sql<number>`rank`.as('rank'),
    })
    .as(
      sql`${db
        .select({
          id: blogPosts.id,
          own: sql`${blogPosts.locale} = ${params.locale}`.as('own'),
          publishedAt: blogPosts.publishedAt,
          rank: sql`ts_rank_cd(${blogPosts.searchVector}, ${query}, 1)`.as('rank'),
        })
        .from(blogPosts)
        .where(where)} offset 0`,
    );
  // One pass over the ranked matches orders and counts them (window count); only the page of
  // results left after the limit gets its headlines, the costly part.
  const ranked = db.$with('ranked').as(
    db
      .select({
        id: sql<number>`${matches.id}`.as('ranked_id'),
        rank: sql<number>`${matches.rank}`.as('ranked_rank'),
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(matches)
      .orderBy(desc(matches.own), desc(matches.rank), desc(matches.publishedAt), desc(matches.id))
      .limit(params.limit)
      .offset(params.offset),
  );
  const options = `StartSel="${markStart}", StopSel="${markStop}", MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;
  const rows = await db
    .with(matches, ranked)
    .select({
      ...summaryColumns,
      rank: ranked.rank,
      total: ranked.total,
      headline: sql<string>`ts_headline(${cfg}, ${blogPosts.bodyText}, ${query}, ${options})`,
      titleHeadline: sql<string>`ts_headline(${cfg}, ${blogPosts.title}, ${query}, ${`StartSel="${markStart}", StopSel="${markStop}", HighlightAll=true`})`,
    })
    .from(ranked)
    .innerJoin(blogPosts, eq(blogPosts.id, ranked.id))
    .orderBy(
      ownFirst(params.locale),
      desc(ranked.rank),
      desc(blogPosts.publishedAt),
      desc(blogPosts.id),
    );
  // Past the last page there are no rows to carry the count.
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && params.offset > 0) {
    const [counted] = await db.select({ value: count() }).from(blogPosts).where(where);
    total = counted?.value ?? 0;
  }
  return { total, rows };
}

/** Search suggestions: tags and post titles of the locale that contain the typed text. */
export async function suggestTerms(db: Db, params: { locale: Locale; q: string; limit: number }) {
  const pattern = `%${params.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const tags = await db
    .selectDistinct({ slug: blogTags.slug })
    .from(blogTags)
    .innerJoin(blogPostTags, eq(blogPostTags.tagId, blogTags.id))
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
    .where(
      and(
        eq(blogPosts.locale, params.locale),
        sql`replace(${blogTags.slug}, '-', ' ') like ${pattern}`,
      ),
    )
    .orderBy(blogTags.slug)
    .limit(params.limit);
  const titles = await db
    .select({ title: blogPosts.title })
    .from(blogPosts)
    .where(and(eq(blogPosts.locale, params.locale), sql`lower(${blogPosts.title}) like ${pattern}`))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(params.limit);
  return { tags: tags.map((t) => t.slug), titles: titles.map((t) => t.title) };
}

/** Whether a tag has posts in the locale (the proxy's existence check). */
export async function tagPostCount(db: Db, locale: Locale, tag: string): Promise<number> {
  return countPosts(db, { locale, tag });
}

/** The locales that have posts with a tag (a tag page's alternates). */
export async function localesWithTag(db: Db, tag: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ locale: blogPosts.locale })
    .from(blogPosts)
    .innerJoin(blogPostTags, eq(blogPostTags.postId, blogPosts.id))
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogTags.slug, tag));
  return rows.map((row) => row.locale);
}
