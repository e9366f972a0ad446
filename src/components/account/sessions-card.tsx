'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { api } from '@/client/http';
import { accountApi } from '@/client/session';
import { browserLabel, countryName } from '@/lib/browser-place';
import { formatDisplayDate } from '@/lib/date-format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { showToast } from '../ui/toast';

/** One signed-in browser as GET web/sessions lists it. */
export interface SessionItem {
  id: string;
  current: boolean;
  created_at: string;
  last_used_at: string;
  browser: string | null;
  os: string | null;
  /** ISO 3166-1 alpha-2 code, null when unknown. */
  country: string | null;
}

function When({ value }: { value: string }) {
  return (
    <time dateTime={value} className="whitespace-nowrap" suppressHydrationWarning>
      {formatDisplayDate(new Date(value))}
    </time>
  );
}

/**
 * The browsers signed in to the account on the website (web/sessions): what each is, where it
 * signed in from, since when and when it was last used; each other one can be signed out after
 * a confirmation, or all of them at once. Apps are the Devices card's.
 */
export function SessionsCard({ initial }: { initial: SessionItem[] }) {
  const t = useTranslations('Account');
  const td = useTranslations('Dialogs');
  const locale = useLocale();
  const [sessions, setSessions] = useState(initial);
  const [pending, setPending] = useState<SessionItem | 'others' | null>(null);
  const [busy, setBusy] = useState(false);
  const others = sessions.filter((session) => !session.current);

  const nameOf = (session: SessionItem) =>
    browserLabel(
      session,
      (browser, os) => t('sessions.on', { browser, os }),
      t('sessions.unknownBrowser'),
    );

  async function end(target: SessionItem | 'others') {
    setBusy(true);
    try {
      const answer =
        target === 'others'
          ? await api.request<{ sessions: SessionItem[] }>(
              `${accountApi}/web/sessions/revoke_others`,
              { method: 'POST' },
            )
          : await api.request<{ sessions: SessionItem[] }>(`${accountApi}/web/sessions/revoke`, {
              method: 'POST',
              body: { id: target.id },
            });
      setSessions(answer.sessions);
      showToast(
        'success',
        target === 'others'
          ? t('sessions.endedOthers')
          : t('sessions.ended', { name: nameOf(target) }),
      );
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const date = (value: string) => () => <When value={value} />;
  let confirmText: ReactNode = null;
  if (pending === 'others') confirmText = t('sessions.endOthersConfirmText');
  else if (pending) confirmText = t('sessions.endConfirmText', { name: nameOf(pending) });

  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="sessions"
    >
      <h3 id="sessions-heading" className="text-xl font-bold">
        {t('sessions.title')}
      </h3>
      <p className="mt-1 text-slate-600">{t('sessions.intro')}</p>
      <ul className="mt-4 divide-y divide-slate-200">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-session={session.current ? 'current' : 'other'}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
                {nameOf(session)}
                {session.current ? <Badge tone="success">{t('sessions.current')}</Badge> : null}
              </p>
              <p className="text-sm text-slate-600">
                {session.country ? `${countryName(session.country, locale)} · ` : null}
                {t.rich('sessions.lastUsed', { date: date(session.last_used_at) })}
                {' · '}
                {t.rich('sessions.started', { date: date(session.created_at) })}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="secondary"
                onClick={() => setPending(session)}
                aria-label={t('sessions.endLabel', { name: nameOf(session) })}
              >
                {t('sessions.end')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 ? (
        <p className="mt-2 text-slate-600">{t('sessions.noOthers')}</p>
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setPending('others')}>
          {t('sessions.endOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending === 'others' ? t('sessions.endOthersConfirmTitle') : t('sessions.endConfirmTitle')
        }
        keep={td('cancel')}
        confirm={pending === 'others' ? t('sessions.endOthers') : t('sessions.end')}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void end(pending)}
      >
        <p>{confirmText}</p>
      </ConfirmDialog>
    </section>
  );
}
