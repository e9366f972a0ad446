'use client';

import { type ReactNode, use, useMemo } from 'react';
// The contexts useParams() reads: Next's own (see src/i18n/next-contexts.ts).
import { NavigationPromisesContext, PathParamsContext } from '@/i18n/next-contexts';
import type { Locale } from '@/lib/locales';

/**
 * Gives everything inside the route parameter `locale`, as pages under [locale] have it, so the
 * site's links (src/i18n/navigation.ts) point to pages in that language. The not-found page needs
 * it: Next serves it for every unmatched path, outside [locale], where links would be English.
 */
export function LocaleScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  const params = use(PathParamsContext);
  const value = useMemo(() => ({ ...params, locale }), [params, locale]);
  return (
    // Development builds read the params from this context first; null sends them to the next.
    <NavigationPromisesContext value={null}>
      <PathParamsContext value={value}>{children}</PathParamsContext>
    </NavigationPromisesContext>
  );
}
