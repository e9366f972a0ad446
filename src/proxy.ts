import { type NextRequest, NextResponse } from 'next/server';
import {
  defaultLocale,
  isLocale,
  type Locale,
  localeCookieName,
  localizePath,
  splitLocale,
} from '@/lib/locales';
import { aliases, isProtectedPath, permanentRedirects } from '@/lib/routes';
import { sessionCookieName } from '@/lib/session-cookie';

const ONE_YEAR = 60 * 60 * 24 * 365;
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

function redirect(request: NextRequest, target: string, status: 307 | 308) {
  const response = NextResponse.redirect(new URL(target, request.url), status);
  // Redirects that depend on the cookie or set it must not be cached by the browser.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

// Locale routing (spec 2.1), the protected group (spec 2.3), legacy paths and aliases (spec 2.2).
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const { prefix, path } = splitLocale(pathname);
  const cookieValue = request.cookies.get(localeCookieName)?.value;

  if (prefix === defaultLocale) {
    return remember(redirect(request, `${path}${search}`, 308), defaultLocale, cookieValue);
  }
  if (!prefix && isLocale(cookieValue) && cookieValue !== defaultLocale) {
    return redirect(request, `${localizePath(cookieValue, path)}${search}`, 307);
  }

  const locale = prefix ?? defaultLocale;
  if (isProtectedPath(path) && !request.cookies.get(sessionCookieName)?.value) {
    const login = localizePath(locale, '/login');
    return redirect(request, `${login}?redirect=${encodeURIComponent(pathname + search)}`, 307);
  }

  const moved = permanentRedirects[path];
  if (moved) return redirect(request, `${localizePath(locale, moved)}${search}`, 308);

  // Pages rendered on demand read the locale from this header (next-intl's own convention).
  const headers = new Headers(request.headers);
  headers.set(localeHeaderName, locale);
  const target = aliases[path] ?? path;
  if (!prefix || target !== path) {
    const internal = new URL(`/${locale}${target === '/' ? '' : target}${search}`, request.url);
    const response = NextResponse.rewrite(internal, { request: { headers } });
    return remember(response, locale, prefix ? cookieValue : (cookieValue ?? locale));
  }
  return remember(NextResponse.next({ request: { headers } }), locale, cookieValue);
}

export const config = {
  // Everything but the API mounts, framework assets and files with an extension.
  matcher: ['/((?!api/|api$|ws/|ws$|l10n$|healthz$|_next/|_vercel/|.*\\.[A-Za-z0-9]+$).*)'],
};
