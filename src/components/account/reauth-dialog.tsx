'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api } from '@/client/http';
import { passkeyDismissed, passkeysSupported, reauthWithPasskey } from '@/client/passkeys';
import { reauthPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { checkAuthCode } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/form-field';

type Method = 'password' | 'totp' | 'passkey';

interface Pending {
  methods: Method[];
  resolve: (confirmed: boolean) => void;
}

/**
 * Sensitive changes (email, two-factor, passkeys, export, deletion) need the password, a
 * two-factor code or a passkey given in the last 5 minutes. `confirmIdentity()` answers true at
 * once when this session did; otherwise it asks in a dialog and answers whether the user
 * confirmed. Render `dialog` once in the card.
 */
export function useReauth(): { confirmIdentity: () => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);

  async function confirmIdentity(): Promise<boolean> {
    const state = await api.request<{ recent: boolean; methods: Method[] }>(
      `${accountApi}/web/reauth`,
    );
    if (state.recent) return true;
    return new Promise<boolean>((resolve) => setPending({ methods: state.methods, resolve }));
  }

  const finish = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  const dialog = (
    <ReauthDialog
      open={pending !== null}
      methods={pending?.methods ?? []}
      onDone={() => finish(true)}
      onCancel={() => finish(false)}
    />
  );
  return { confirmIdentity, dialog };
}

function ReauthDialog({
  open,
  methods,
  onDone,
  onCancel,
}: {
  open: boolean;
  methods: Method[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('Security');
  const ta = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const td = useTranslations('Dialogs');
  const server = useServerError(reauthPlaces);
  const [chosen, setChosen] = useState<'password' | 'totp' | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const typed = methods.filter((m): m is 'password' | 'totp' => m !== 'passkey');
  const method = chosen && typed.includes(chosen) ? chosen : typed[0];
  const passkey = methods.includes('passkey') && passkeysSupported();
  const shown = server.fieldErrors({ [method === 'totp' ? 'code' : 'password']: error });

  function close() {
    setChosen(null);
    setError(undefined);
    server.clear();
    onCancel();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const field = method === 'totp' ? 'code' : 'password';
    const value = String(new FormData(formElement).get(field) ?? '');
    const problem =
      method === 'totp' ? checkAuthCode(value) : value ? null : ('passwordRequired' as const);
    setError(problem ? tv(problem) : undefined);
    server.clear();
    if (problem) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/reauth`, {
        method: 'POST',
        body: method === 'totp' ? { code: value } : { password: value },
        quiet: server.quiet,
      });
      formElement.reset();
      onDone();
    } catch (failure: unknown) {
      server.show(failure);
    } finally {
      setBusy(false);
    }
  }

  async function withPasskey() {
    setBusy(true);
    server.clear();
    try {
      await reauthWithPasskey();
      onDone();
    } catch (failure: unknown) {
      if (!passkeyDismissed(failure)) server.show(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={t('reauth.title')}
      onCancel={close}
      actions={
        <Button variant="secondary" onClick={close}>
          {td('cancel')}
        </Button>
      }
    >
      <p>{methods.length === 0 ? t('reauth.none') : t('reauth.intro')}</p>
      {method ? (
        <form
          noValidate
          onSubmit={submit}
          className="mt-4 flex flex-col gap-4"
          {...server.formProps}
        >
          <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
          {method === 'totp' ? (
            <TextField
              key="code"
              id="reauth-code"
              name="code"
              label={t('codeLabel')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              autoFocus
              error={shown.code}
            />
          ) : (
            <TextField
              key="password"
              id="reauth-password"
              name="password"
              type="password"
              label={ta('password')}
              autoComplete="current-password"
              autoFocus
              error={shown.password}
            />
          )}
          <Button type="submit" busy={busy}>
            {t('reauth.confirm')}
          </Button>
        </form>
      ) : null}
      <div className="mt-3 flex flex-col items-start gap-2">
        {typed
          .filter((other) => other !== method)
          .map((other) => (
            <Button key={other} variant="ghost" onClick={() => setChosen(other)}>
              {other === 'totp' ? t('reauth.useCode') : t('reauth.usePassword')}
            </Button>
          ))}
        {passkey ? (
          <Button variant="ghost" busy={busy} onClick={() => void withPasskey()}>
            {t('reauth.usePasskey')}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
