'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { api } from '@/client/http';
import { setPasswordPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { checkPasswordPair } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast';
import { NewPasswordFields } from './new-password-fields';

type Field = 'password' | 'confirm';

/**
 * The first password of an account made at checkout or by a gift card (web/set_password).
 * Needs the Account, Auth and Validation messages; `onDone` runs once the password is set.
 */
export function SetPasswordForm({ onDone }: { onDone?: () => void }) {
  const t = useTranslations('Account');
  const _ta = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const server = useServerError(setPasswordPlaces);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const next: Partial<Record<Field, string>> = {};
    const pair = checkPasswordPair(password, confirm);
    if (pair) next[pair.field] = tv(pair.key);
    setErrors(next);
    server.clear();
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/set_password`, {
        method: 'POST',
        body: { password },
        quiet: server.quiet,
      });
      showToast('success', t('passwordCreated'));
      formElement.reset();
      onDone?.();
    } catch (error: unknown) {
      server.show(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-4 flex max-w-md flex-col gap-4"
      {...server.formProps}
    >
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <NewPasswordFields errors={server.fieldErrors(errors)} />
      <div>
        <Button type="submit" busy={busy}>
          {t('setPassword')}
        </Button>
      </div>
    </form>
  );
}
