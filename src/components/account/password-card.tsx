'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { api } from '@/client/http';
import { changePasswordPlaces } from '@/client/server-error-places';
import { accountApi, type SessionUser, setUser } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { checkPasswordPair } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { showToast } from '../ui/toast';
import { NewPasswordFields } from './new-password-fields';
import { SetPasswordForm } from './set-password-form';

type Field = 'current' | 'password' | 'confirm';

/** Change the password, or set the first one for an account made at checkout. */
export function PasswordCard({
  profile,
  headingLevel = 2,
}: {
  profile: SessionUser;
  /** 3 inside the account page's Security section. */
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations('Account');
  const [hasPassword, setHasPassword] = useState(profile.is_password_set);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <Heading id="password-heading" className="text-xl font-bold">
        {hasPassword ? t('changePassword') : t('setPassword')}
      </Heading>
      {hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <>
          <p className="mt-1 text-slate-600">{t('setPasswordIntro')}</p>
          <SetPasswordForm
            onDone={() => {
              setHasPassword(true);
              setUser({ ...profile, is_password_set: true });
            }}
          />
        </>
      )}
    </section>
  );
}

/** The current password and the new one twice (web/change_password). */
function ChangePasswordForm() {
  const t = useTranslations('Account');
  const _ta = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const server = useServerError(changePasswordPlaces);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('current') ?? '');
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const next: Partial<Record<Field, string>> = {};
    if (current.length === 0) next.current = tv('currentPasswordRequired');
    const pair = checkPasswordPair(password, confirm, current);
    if (pair) next[pair.field] = tv(pair.key);
    setErrors(next);
    server.clear();
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/change_password`, {
        method: 'POST',
        body: { current_password: current, new_password: password },
        quiet: server.quiet,
      });
      showToast('success', t('passwordChanged'));
      formElement.reset();
    } catch (error: unknown) {
      server.show(error);
    } finally {
      setBusy(false);
    }
  }

  const shown = server.fieldErrors(errors);
  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-4 flex max-w-md flex-col gap-4"
      {...server.formProps}
    >
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <TextField
        id="current"
        type="password"
        label={t('currentPassword')}
        autoComplete="current-password"
        error={shown.current}
      />
      <NewPasswordFields errors={shown} />
      <div>
        <Button type="submit" busy={busy}>
          {t('changePassword')}
        </Button>
      </div>
    </form>
  );
}
