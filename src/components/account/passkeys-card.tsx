'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError, api } from '@/client/http';
import { addPasskey, passkeyDismissed, passkeysSupported } from '@/client/passkeys';
import { accountApi } from '@/client/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DisplayDate } from '../ui/display-date';
import { TextField } from '../ui/form-field';
import { showToast } from '../ui/toast';
import { useReauth } from './reauth-dialog';

/** One passkey as GET web/passkeys lists it. */
export interface PasskeyItem {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  synced: boolean;
}

type Passkeys = { passkeys: PasskeyItem[] };

/**
 * The account's passkeys: each with when it was added and last used, removable after a
 * confirmation; a new one is made by this browser's passkey dialog (after confirming it is you).
 */
export function PasskeysCard({ initial }: { initial: PasskeyItem[] }) {
  const t = useTranslations('Security');
  const td = useTranslations('Dialogs');
  const tt = useTranslations('Toasts');
  const [passkeys, setPasskeys] = useState(initial);
  const [supported, setSupported] = useState(true);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const [problem, setProblem] = useState('');
  const { confirmIdentity, dialog } = useReauth();

  // Known only in the browser; the server renders the button.
  useEffect(() => setSupported(passkeysSupported()), []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const name = String(new FormData(formElement).get('passkey-name') ?? '').trim();
    setProblem('');
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      const answer = await addPasskey<Passkeys>(name);
      setPasskeys(answer.passkeys);
      formElement.reset();
      showToast('success', t('passkeys.added'));
    } catch (error: unknown) {
      // The API's refusals were toasted; the browser's (no authenticator, an error) are said here.
      if (!passkeyDismissed(error) && !(error instanceof ApiRequestError)) setProblem(tt('error'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(target: PasskeyItem) {
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      const answer = await api.request<Passkeys>(`${accountApi}/web/passkeys/remove`, {
        method: 'POST',
        body: { id: target.id },
      });
      setPasskeys(answer.passkeys);
      showToast('success', t('passkeys.removed'));
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <section
      aria-labelledby="passkeys-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="passkeys"
    >
      <h3 id="passkeys-heading" className="text-xl font-bold">
        {t('passkeys.title')}
      </h3>
      <p className="mt-1 text-slate-600">{t('passkeys.intro')}</p>
      {passkeys.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('passkeys.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-passkey={passkey.id}
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
                  {passkey.name}
                  {passkey.synced ? <Badge>{t('passkeys.synced')}</Badge> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {t.rich('passkeys.created', {
                    date: () => <DisplayDate value={passkey.created_at} />,
                  })}
                  {' · '}
                  {passkey.last_used_at
                    ? t.rich('passkeys.lastUsed', {
                        date: () => <DisplayDate value={passkey.last_used_at ?? ''} />,
                      })
                    : t('passkeys.neverUsed')}
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => setRemoving(passkey)}
                aria-label={t('passkeys.removeLabel', { name: passkey.name })}
              >
                {t('passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form noValidate onSubmit={add} className="mt-4 flex flex-col gap-3">
          <TextField
            id="passkey-name"
            label={t('passkeys.nameLabel')}
            hint={t('passkeys.nameHint')}
            maxLength={64}
            autoComplete="off"
          />
          <Button type="submit" busy={busy} className="self-start">
            {t('passkeys.add')}
          </Button>
          <p role="alert" className={problem ? 'font-medium text-error-700' : ''}>
            {problem}
          </p>
        </form>
      ) : (
        <p className="mt-3 text-slate-600">{t('passkeys.unsupported')}</p>
      )}
      {dialog}
      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.removeTitle')}
        keep={td('cancel')}
        confirm={t('passkeys.remove')}
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        <p>{t('passkeys.removeText', { name: removing?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
