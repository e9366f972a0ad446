'use client';

import { useEffect, useState } from 'react';
import { api } from '@/client/http';
import { accountApi, type SessionUser } from '@/client/session';
import { problemOf } from './payment-client';
import { takeWindowsToken } from './win-token';

export type WindowsAccount =
  | { status: 'off' | 'checking' | 'missing' | 'expired'; email?: undefined }
  | { status: 'ready'; email: string | undefined };

/**
 * The Windows app's account on its pay pages: the token it passed (see win-token.ts), checked
 * by loading the profile. 'missing' when the page was not opened by the app, 'expired' when the
 * token no longer signs in. A profile that cannot be loaded for another reason (the network)
 * does not stop the purchase: the checkout call then says what is wrong.
 */
export function useWindowsAccount(enabled: boolean): WindowsAccount {
  const [account, setAccount] = useState<WindowsAccount>({
    status: enabled ? 'checking' : 'off',
  });
  useEffect(() => {
    if (!enabled) return;
    const token = takeWindowsToken(true);
    if (!token) {
      setAccount({ status: 'missing' });
      return;
    }
    let live = true;
    api.request<SessionUser>(`${accountApi}/web/profile`, { quiet: true }).then(
      (profile) => live && setAccount({ status: 'ready', email: profile.email }),
      (error: unknown) => {
        if (!live) return;
        const problem = problemOf(error);
        setAccount(
          problem === 'signInExpired'
            ? { status: 'expired' }
            : { status: 'ready', email: undefined },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return account;
}
