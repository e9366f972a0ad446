import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { encodeBlogKey } from '@/lib/blog-key';
import { blogCategories } from '@/lib/catalog';
import { locales } from '@/lib/locales';
import * as blog from '@/server/blog/service';
import { config } from '@/server/config';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';
import { validate } from '../validate';

// The blog calls of spec 7 (parameters and answers: docs/api.md). Reads go through the blog's
// 15-minute cache; unknown posts, tags and pages past the end are 404s with a message.

const locale = z.enum(locales, { error: `must be one of ${locales.join(', ')}` }).default('en');
const pageNumber = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, 'must be a whole number from 1')
  .transform(Number)
  .optional();
const count = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n <= max, `must be at most ${max}`)
    .optional();
const key = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');
const slugParam = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case slug')
  .max(120);
const searchText = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

export const blogListQuerySchema = z
  .object({
    locale,
    category: z
      .enum(blogCategories, { error: `must be one of ${blogCategories.join(', ')}` })
      .optional(),
    tag: slugParam.optional(),
    page: pageNumber,
    page_size: count(50),
  })
  .refine((value) => !(value.category && value.tag), {
    message: 'give either category or tag, not both',
    path: ['tag'],
  });

export const blogDetailBodySchema = z
  .object({
    locale,
    key: key.optional(),
    id: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,9}$/)]).optional(),
    short_path: z.string().max(200).optional(),
    isWP: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  })
  .refine((value) => value.key !== undefined || value.id !== undefined || value.short_path, {
    message: 'give key, or short_path (with isWP), or id',
    path: ['key'],
  });

const pageSizeOf = (requested: number | undefined) => requested ?? config().BLOG_PAGE_SIZE;

/** Service errors to API errors: a missing post, tag or page is a 404 with its message. */
async function answer<T>(c: Context<AppEnv>, load: () => Promise<T>) {
  try {
    const data = await load();
    // Public, shared content: let browsers and proxies keep it for a minute.
    c.header('Cache-Control', 'public, max-age=60');
    return ok(c, data);
  } catch (error: unknown) {
    if (error instanceof blog.BlogNotFoundError) throw ApiError.notFound(error.message);
    throw error;
  }
}

export const blogRoutes = new Hono<AppEnv>();

// GET /ws/mm/blog/fast-blog-detail – a post's card data (no body) by unique key
blogRoutes.get('/blog/fast-blog-detail', validate('query', z.object({ locale, key })), (c) => {
  const query = c.req.valid('query');
  return answer(c, () => blog.fastBlogDetail(c.var.db().db, query.locale, query.key));
});

// GET /ws/mm/v2/blog/search – full-text search in a locale, best match first, with highlights
blogRoutes.get(
  '/v2/blog/search',
  validate('query', z.object({ locale, q: searchText, page: pageNumber, page_size: count(50) })),
  (c) => {
    const query = c.req.valid('query');
    return answer(c, () =>
      blog.searchBlog(c.var.db().db, {
        locale: query.locale,
        q: query.q,
        page: query.page ?? 1,
        pageSize: pageSizeOf(query.page_size),
      }),
    );
  },
);

// GET /ws/mm/v2/blog/home – featured and latest posts and the categories with their counts
blogRoutes.get('/v2/blog/home', validate('query', z.object({ locale })), (c) => {
  const query = c.req.valid('query');
  return answer(c, () => blog.blogHome(c.var.db().db, query.locale));
});

// POST /ws/mm/v2/blog/detail – a whole post (sanitised HTML, contents, SEO head, translations)
blogRoutes.post('/v2/blog/detail', validate('json', blogDetailBodySchema), (c) => {
  const body = c.req.valid('json');
  const unikey =
    body.key ?? encodeBlogKey({ id: body.id, short_path: body.short_path, isWP: body.isWP });
  return answer(c, () => blog.blogPostDetail(c.var.db().db, body.locale, unikey));
});

// GET /ws/mm/v2/blog/yoast-head – a post's SEO head (title, meta, script) by slug or unique key
blogRoutes.get('/v2/blog/yoast-head', validate('query', z.object({ locale, slug: key })), (c) => {
  const query = c.req.valid('query');
  return answer(
    c,
    async () => (await blog.blogPostDetail(c.var.db().db, query.locale, query.slug)).yoast_head,
  );
});

// GET /ws/mm/v2/blog/recommended – posts related to one (shared tags, same category, recent)
blogRoutes.get(
  '/v2/blog/recommended',
  validate('query', z.object({ locale, key, limit: count(12) })),
  (c) => {
    const query = c.req.valid('query');
    return answer(c, () =>
      blog.recommendedPosts(c.var.db().db, query.locale, query.key, query.limit ?? 3),
    );
  },
);

// GET /ws/mm/v2/blog/list – a page of a category, a tag, or (neither) the whole archive
blogRoutes.get('/v2/blog/list', validate('query', blogListQuerySchema), (c) => {
  const query = c.req.valid('query');
  return answer(c, () =>
    blog.listBlogPosts(c.var.db().db, {
      locale: query.locale,
      category: query.category,
      tag: query.tag,
      page: query.page ?? 1,
      pageSize: pageSizeOf(query.page_size),
    }),
  );
});

// GET /ws/mm/v2/blog/recommend-searchs – search suggestions (popular tags, or matches of q)
blogRoutes.get(
  '/v2/blog/recommend-searchs',
  validate(
    'query',
    z.object({
      locale,
      q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      limit: count(20),
    }),
  ),
  (c) => {
    const query = c.req.valid('query');
    return answer(c, () =>
      blog.recommendSearches(c.var.db().db, query.locale, query.q, query.limit ?? 8),
    );
  },
);

// GET /ws/mm/v2/blog/recommend-categories – every category with its name, post count and URL
blogRoutes.get('/v2/blog/recommend-categories', validate('query', z.object({ locale })), (c) => {
  const query = c.req.valid('query');
  return answer(c, () => blog.recommendCategories(c.var.db().db, query.locale));
});
