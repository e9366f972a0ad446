import { type NextRequest, NextResponse } from 'next/server';
import {
  defaultLocale,
  isLocale,
  type Locale,
  localeCookieName,
  localizePath,
  splitLocale,
} from '@/lib/locales';
import { originOf, redirectTargetOf } from '@/lib/redirect-allowlist';
import {
  aliases,
  isKnownPath,
  isProtectedPath,
  notFoundPath,
  permanentRedirects,
} from '@/lib/routes';
import { checkoutCookieName, sessionCookieName } from '@/lib/session-cookie';
import type { BlogPathOutcome } from '@/server/blog/path-check';
import { logger } from '@/server/log';

// Loaded on first use so pages outside the blog never open the database here. A failing check
// (database down) lets the request through: the page then shows its own error.
async function blogPathOutcome(
  locale: Locale,
  path: string,
  query: URLSearchParams,
): Promise<BlogPathOutcome> {
  try {
    const { checkBlogPath } = await import('@/server/blog/path-check');
    return await checkBlogPath(locale, path, query);
  } catch (error: unknown) {
    logger.error({ area: 'proxy', err: error }, 'blog path check failed');
    return { kind: 'ok' };
  }
}

import { isPublicFile } from '@/server/public-files';
import { resourceContentSecurityPolicy } from '@/server/security/csp';
import {
  type PageSecurity,
  pageCacheControl,
  pageSecurityFor,
  publicFileCacheControl,
  serverPageSecurityOptions,
} from '@/server/security/page-headers';

const ONE_YEAR = 60 * 60 * 24 * 365;
/** The prerendered page Next answers with when no route matches (src/app/not-found.tsx). */
const notFoundRoute = '/_not-found';
const localeHeaderName = 'X-NEXT-INTL-LOCALE';

function remember(response: NextResponse, locale: Locale, current: string | undefined) {
  if (current !== locale) {
    response.cookies.set(localeCookieName, locale, {
      path: '/',
      maxAge: ONE_YEAR,
      sameSite: 'lax',
    });
  }
  return response;
}

/**
 * A path of this site as a redirect target: leading slashes and backslashes folded into one, so
 * that `/en//evil.example` (path `//evil.example`) or `/en/\\evil.example` can never become a
 * protocol-relative address of another site.
 */
function sitePath(target: string): string {
  return target.replace(/^[/\\]+/, '/');
}

function redirect(request: NextRequest, target: string, status: 307 | 308) {
  // Only /redirect's allowlisted targets are absolute; every other target is a path of ours.
  const safe = /^[/\\]/.test(target) ? sitePath(target) : target;
  const response = NextResponse.redirect(new URL(safe, request.url), status);
  // Redirects that depend on the cookie or set it must not be cached by the browser.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * The CSP of the page `route` (internal path, e.g. `/ar/features`): hashes when it was prerendered,
 * else a nonce, which also goes on the request so that Next puts it on the scripts it renders.
 */
function securePage(route: string, headers: Headers): PageSecurity {
  const security = pageSecurityFor(route, serverPageSecurityOptions());
  if (security.nonce) headers.set('Content-Security-Policy', security.csp);
  return security;
}

/** CSP, CORP and caching of a page answer (docs/security.md); call after any cookie is set. */
function withPageHeaders(
  response: NextResponse,
  security: PageSecurity,
  page: { protectedPage?: boolean; notFound?: boolean },
) {
  response.headers.set('Content-Security-Policy', security.csp);
  response.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  const cacheControl = pageCacheControl({
    prerendered: security.prerendered,
    protectedPage: page.protectedPage ?? false,
    notFound: page.notFound ?? false,
    setsCookie: response.headers.has('set-cookie'),
  });
  response.headers.set('Cache-Control', cacheControl);
  return response;
}

function notFound(request: NextRequest, locale: Locale, headers: Headers) {
  const security = securePage(notFoundRoute, headers);
  const missing = new URL(`/${locale}${notFoundPath}`, request.url);
  return withPageHeaders(NextResponse.rewrite(missing, { request: { headers } }), security, {
    notFound: true,
  });
}

// Locale routing (spec 2.1), the protected group (spec 2.3), legacy paths and aliases (spec 2.2).
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const { prefix, path } = splitLocale(pathname);

  // /redirect forwards (307) only to the allowlist; anything else falls through to the
  // prerendered page that explains why it stopped. The product's other site is the one
  // LEGACY_REDIRECT_URL names.
  if (path === '/redirect') {
    const otherSite = originOf(process.env.LEGACY_REDIRECT_URL);
    const target = redirectTargetOf(request.nextUrl.searchParams, otherSite ? [otherSite] : []);
    if (target) return redirect(request, target, 307);
  }
  // Files of public/ (blog covers, Open Graph pictures) are the same in every language: never
  // moved to a locale prefix by the language cookie, where they do not exist.
  if (isPublicFile(pathname)) {
    const response = NextResponse.next();
    response.headers.set('Content-Security-Policy', resourceContentSecurityPolicy);
    response.headers.set('Cache-Control', publicFileCacheControl);
    return response;
  }
  const cookieValue = request.cookies.get(localeCookieName)?.value;

  if (prefix === defaultLocale) {
    return remember(redirect(request, `${path}${search}`, 308), defaultLocale, cookieValue);
  }
  if (!prefix && isLocale(cookieValue) && cookieValue !== defaultLocale) {
    return redirect(request, `${localizePath(cookieValue, path)}${search}`, 307);
  }

  const locale = prefix ?? defaultLocale;
  if (isProtectedPath(path) && !mayEnterProtected(request, path)) {
    const login = localizePath(locale, '/login');
    return redirect(request, `${login}?redirect=${encodeURIComponent(pathname + search)}`, 307);
  }

  const moved = permanentRedirects[path];
  if (moved) return redirect(request, `${localizePath(locale, moved)}${search}`, 308);

  // Pages rendered on demand read the locale from this header (next-intl's own convention).
  const headers = new Headers(request.headers);
  headers.set(localeHeaderName, locale);
  // Blog posts, tags and page numbers live in the database: unknown ones become a real 404.
  if (path === '/blog' || path.startsWith('/blog/')) {
    const outcome = await blogPathOutcome(locale, path, request.nextUrl.searchParams);
    if (outcome.kind === 'redirect') {
      return redirect(request, outcome.location, outcome.status ?? 308);
    }
    if (outcome.kind === 'not-found') return notFound(request, locale, headers);
  }
  const target = aliases[path] ?? path;
  if (!isKnownPath(target)) return notFound(request, locale, headers);
  const route = `/${locale}${target === '/' ? '' : target}`;
  const security = securePage(route, headers);
  const page = { protectedPage: isProtectedPath(path) };
  if (!prefix || target !== path) {
    const internal = new URL(`${route}${search}`, request.url);
    const response = NextResponse.rewrite(internal, { request: { headers } });
    const current = prefix ? cookieValue : (cookieValue ?? locale);
    return withPageHeaders(remember(response, locale, current), security, page);
  }
  const response = NextResponse.next({ request: { headers } });
  return withPageHeaders(remember(response, locale, cookieValue), security, page);
}

export const config = {
  // Everything but the API mounts, framework assets and the metadata routes. Files of public/
  // pass through the proxy (isPublicFile); any other unknown path becomes a real 404.
  matcher: [
    '/((?!api/|api$|ws/|ws$|l10n$|healthz$|readyz$|metrics$|_next/|_vercel/|robots\\.txt$|sitemap\\.xml$|icon\\.svg$).*)',
  ],
}; /** The protected group needs a session; the provider's return page also takes a buyer's checkout. */
function mayEnterProtected(request: NextRequest, path: string): boolean {
  if (request.cookies.get(sessionCookieName)?.value) return true;
  const returnPage = path
    .toLowerCase()
    .replace(/^\/m\//, '/')
    .startsWith('/paystatus');
  return returnPage && Boolean(request.cookies.get(checkoutCookieName)?.value);
}
