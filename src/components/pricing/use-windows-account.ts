'use client';

import { useEffect, useState } from 'react';
import { api } from '@/client/http';
import { problemOf } from '@/client/payments';
import { accountApi, type SessionUser } from '@/client/session';
import { takeWindowsSession } from './win-token';

export type WindowsAccount =
  | { status: 'off' | 'checking' | 'missing' | 'expired'; email?: undefined }
  | { status: 'ready'; email: string | undefined };

/**
 * The Windows app's account on its pay pages: the one-time code it passed, exchanged for a
 * session (see win-token.ts), then checked by loading the profile. Nothing is signed in until
 * the exchange succeeded. 'missing' when the page was not opened by the app, 'expired' when the
 * code or the session no longer signs in. A profile that cannot be loaded for another reason
 * (the network) does not stop the purchase: the checkout call then says what is wrong.
 */
export function useWindowsAccount(enabled: boolean): WindowsAccount {
  const [account, setAccount] = useState<WindowsAccount>({
    status: enabled ? 'checking' : 'off',
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void takeWindowsSession().then(async (signIn) => {
      if (!live) return;
      if (signIn.status !== 'ready') {
        setAccount({ status: signIn.status });
        return;
      }
      try {
        const profile = await api.request<SessionUser>(`${accountApi}/web/profile`, {
          quiet: true,
        });
        if (live) setAccount({ status: 'ready', email: profile.email });
      } catch (error: unknown) {
        if (!live) return;
        const problem = problemOf(error);
        setAccount(
          problem === 'signInExpired'
            ? { status: 'expired' }
            : { status: 'ready', email: undefined },
        );
      }
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return account;
}
