'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { getUser, hasSessionHint, loadProfile, subscribeUser } from '@/client/session';
import { Link } from '@/i18n/navigation';

const className =
  'block rounded-full border-2 border-accent-700 px-4 py-1.5 text-center font-semibold text-accent-700 no-underline hover:bg-accent-50 lg:min-w-32';

/**
 * The header's account entry. Marketing pages are static, so the server always renders
 * "Log in"; in the browser, when the readable hint cookie says a session may exist, the
 * profile is fetched once and the link becomes "My account".
 */
export function AccountLink({
  loginLabel,
  accountLabel,
}: {
  loginLabel: string;
  accountLabel: string;
}) {
  const user = useSyncExternalStore(subscribeUser, getUser, () => null);

  useEffect(() => {
    if (!getUser() && hasSessionHint()) void loadProfile();
  }, []);

  return user ? (
    <Link href="/myAccount" className={className} data-signed-in="true">
      {accountLabel}
    </Link>
  ) : (
    <Link href="/login" className={className}>
      {loginLabel}
    </Link>
  );
}
