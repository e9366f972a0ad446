'use client';

// The contexts useParams() reads. Next's own, like the AppRouterContext that
// src/components/tracking/prefetch-link.tsx reads.
import {
  NavigationPromisesContext,
  PathParamsContext,
} from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import { type ReactNode, use, useMemo } from 'react';
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
