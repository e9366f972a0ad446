'use client';

import { createNavigation } from 'next-intl/navigation';
import { type ComponentProps, useSyncExternalStore } from 'react';
import { routing } from '@/i18n/routing';
import { shouldSkipPrefetch, subscribeConnection } from './connection';

const { Link: IntlLink } = createNavigation(routing);

/**
 * next-intl's Link, except that it does not prefetch on 2g or with data saver on (spec 4).
 * Exported as `Link` from src/i18n/navigation.ts; the server render always uses the caller's
 * prefetch setting (prefetching only happens in the browser anyway).
 */
export function Link(props: ComponentProps<typeof IntlLink>) {
  const skip = useSyncExternalStore(
    subscribeConnection,
    () => shouldSkipPrefetch(),
    () => false,
  );
  return <IntlLink {...props} prefetch={skip ? false : props.prefetch} />;
}
