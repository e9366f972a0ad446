import 'server-only';
import { blogCategories, includes } from '@/lib/catalog';
import { type Locale, localizePath } from '@/lib/locales';
import { parsePageNumber } from '@/lib/pagination';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { reservedBlogSlugs } from './front-matter';
import { blogPageCount, postById, postElsewhere, postExists } from './service';

// The proxy's existence check for blog paths whose values live in the database (posts, tags,
// page numbers). Answers are cached with the rest of the blog data (15 minutes). An unknown
// value is rewritten to an unmatched path, so the root not-found page answers 404 with a full
// server render (docs/architecture.md, "Not-found pages").

export type BlogPathOutcome =
  | { kind: 'ok' }
  | { kind: 'not-found' }
  /** 308 unless `status` says otherwise (a target that may change later is a 307). */
  | { kind: 'redirect'; location: string; status?: 307 | 308 };

const ok: BlogPathOutcome = { kind: 'ok' };
const notFound: BlogPathOutcome = { kind: 'not-found' };

function segment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

async function pageWithin(
  db: Db,
  filter: { locale: Locale; category?: string; tag?: string },
  page: string,
) {
  const number = parsePageNumber(page);
  if (number === null) return notFound;
  const pages = await blogPageCount(db, filter, config().BLOG_PAGE_SIZE);
  return number <= pages ? ok : notFound;
}

/** Decides a /blog/... path (locale already split off): serve it, 404 it, or redirect it. */
export async function checkBlogPath(
  locale: Locale,
  path: string,
  query: URLSearchParams,
  db: Db = getDb().db,
): Promise<BlogPathOutcome> {
  const parts = path.split('/').slice(2); // '', 'blog', ...
  if (parts.length === 0 || (parts.length === 1 && parts[0] === '')) return ok;
  const [first, second, third, fourth, ...rest] = parts;
  if (rest.length > 0) return notFound;

  if (first === 'category') {
    if (second === undefined) return ok;
    if (!includes(blogCategories, second)) return notFound;
    if (third === undefined) return ok;
    if (third !== 'page' || fourth === undefined) return notFound;
    return pageWithin(db, { locale, category: second }, fourth);
  }
  if (first === 'tag') {
    if (second === undefined) return ok;
    const tag = segment(second);
    if (tag === null || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(tag)) return notFound;
    if (third === undefined)
      return (await blogPageCount(db, { locale, tag }, config().BLOG_PAGE_SIZE)) > 0
        ? ok
        : notFound;
    if (third !== 'page' || fourth === undefined) return notFound;
    return pageWithin(db, { locale, tag }, fourth);
  }
  if (first === 'more' && second === undefined) {
    const page = query.get('page');
    return page === null ? ok : pageWithin(db, { locale }, page);
  }
  if (first === 'detail' && second === undefined) {
    const id = query.get('id');
    if (id === null) return ok;
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return notFound;
    const found = await postById(db, Number(id));
    if (!found) return notFound;
    return {
      kind: 'redirect',
      location: localizePath(found.locale as Locale, `/blog/${encodeURIComponent(found.unikey)}`),
    };
  }
  if (first === 'search' || first === 'feed') return second === undefined ? ok : notFound;
  if (first !== undefined && second === undefined && !reservedBlogSlugs.includes(first)) {
    const key = segment(first);
    if (key === null || key.length > 200) return notFound;
    if (await postExists(db, locale, key)) return ok;
    // A post of another language (a language switch, a shared link): its version here, or
    // this blog's home; never a 404 for a post that exists.
    const elsewhere = await postElsewhere(db, locale, key);
    return elsewhere ? { kind: 'redirect', location: elsewhere, status: 307 } : notFound;
  }
  return notFound;
}
