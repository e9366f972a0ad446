'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { api } from '@/client/http';
import { accountApi } from '@/client/session';
import { Link } from '@/i18n/navigation';
import { Button } from '../ui/button';

/**
 * Reads the mail's one-time token from the fragment (never sent to a server, so not in any log)
 * and removes it from the address; one button then ends that session (web/sessions/end).
 * Nothing happens on load: mail scanners that open links end no session.
 */
export function EndSessionForm() {
  const t = useTranslations('Auth');
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    setToken(found);
    if (found) {
      const clean = new URL(window.location.href);
      clean.hash = '';
      window.history.replaceState(window.history.state, '', clean);
    }
  }, []);

  async function end() {
    setState('busy');
    try {
      await api.request(`${accountApi}/web/sessions/end`, { method: 'POST', body: { token } });
      setState('done');
    } catch {
      // Said by the global handler (an expired or used link: 40022).
      setState('ready');
    }
  }

  if (token === undefined) return null;
  if (!token) return <p>{t('endSession.missing')}</p>;
  if (state === 'done')
    return (
      <div role="status" className="flex flex-col gap-3">
        <p className="font-semibold">{t('endSession.done')}</p>
        <p>{t('endSession.next')}</p>
        <Link href="/forgetPassword" className="font-medium text-accent-700 underline">
          {t('endSession.reset')}
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col gap-5">
      <p>{t('endSession.intro')}</p>
      <Button className="w-full" busy={state === 'busy'} onClick={() => void end()}>
        {t('endSession.button')}
      </Button>
    </div>
  );
}
