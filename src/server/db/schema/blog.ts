import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The blog (issue 5): posts per locale, the fixed categories of src/lib/catalog.ts, tags shared
// by all locales, and a full-text search vector that the importer fills per locale's language.

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** The "yoast head" of a post (spec 3, blog SEO head): what goes into the page's <head>. */
export interface BlogSeoHead {
  title: string;
  meta: { name?: string; property?: string; content: string }[];
  script: { type: string; json: string }[];
}

/** One entry of a post's table of contents (its ## and ### headings). */
export interface BlogTocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export const blogCategories = pgTable('blog_categories', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull(),
});

export const blogTags = pgTable('blog_tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    locale: text('locale').notNull(),
    // The post's short_path (spec 3): its slug, or for WordPress posts the WordPress slug.
    shortPath: text('short_path').notNull(),
    isWp: boolean('is_wp').notNull().default(false),
    // The WordPress permalink the post came from (isWp posts only).
    wpLink: text('wp_link'),
    translationKey: text('translation_key').notNull(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => blogCategories.slug),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    // Sanitised on the way in (src/server/blog/markdown.ts); rendered as stored.
    bodyHtml: text('body_html').notNull(),
    // The body without markup: the source of search headlines.
    bodyText: text('body_text').notNull(),
    toc: jsonb('toc').$type<BlogTocEntry[]>().notNull().default([]),
    coverUrl: text('cover_url'),
    coverAlt: text('cover_alt').notNull().default(''),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    readingMinutes: integer('reading_minutes').notNull(),
    seoTitle: text('seo_title').notNull(),
    seoDescription: text('seo_description').notNull(),
    seoHead: jsonb('seo_head').$type<BlogSeoHead>().notNull(),
    featured: boolean('featured').notNull().default(false),
    // Hash of the imported source: an unchanged file is not rewritten on re-import.
    sourceHash: text('source_hash').notNull(),
    searchVector: tsvector('search_vector').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('blog_posts_locale_path_wp_idx').on(table.locale, table.shortPath, table.isWp),
    index('blog_posts_locale_published_idx').on(table.locale, table.publishedAt),
    index('blog_posts_locale_category_idx').on(table.locale, table.categorySlug),
    index('blog_posts_translation_idx').on(table.translationKey),
    index('blog_posts_search_idx').using('gin', table.searchVector),
  ],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tagId] }),
    index('blog_post_tags_tag_idx').on(table.tagId),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPostRow = typeof blogPosts.$inferInsert;
