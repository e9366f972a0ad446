'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '@/client/http';
import { clearResetState, type ResetState, readResetState } from '@/client/reset-state';
import { resetPasswordPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { Link } from '@/i18n/navigation';
import { checkCode, checkEmail, checkPasswordPair } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { buttonClass } from '../ui/link-button';
import { CodeField } from './code-field';
import { NewPasswordFields } from './new-password-fields';

type Field = 'email' | 'code' | 'password' | 'confirm';

/**
 * The new password. Coming from /forgetPassword the email and checked code are known; opened
 * directly (and in the prerendered HTML), the page asks for them too.
 */
export function ResetPasswordForm() {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const [state, setState] = useState<ResetState | null | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const server = useServerError(resetPasswordPlaces);

  useEffect(() => setState(readResetState()), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = state?.email ?? String(form.get('email') ?? '').trim();
    const code = state?.code ?? String(form.get('code') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const next: Partial<Record<Field, string>> = {};
    const emailProblem = checkEmail(email);
    if (emailProblem) next.email = tv(emailProblem);
    const codeProblem = checkCode(code);
    if (codeProblem) next.code = tv(codeProblem);
    const pair = checkPasswordPair(password, confirm);
    if (pair) next[pair.field] = tv(pair.key);
    setErrors(next);
    server.clear();
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/reset_password`, {
        method: 'POST',
        body: { email, code, password },
        quiet: server.quiet,
      });
      clearResetState();
      setDone(true);
    } catch (error: unknown) {
      server.show(error);
      setBusy(false);
    }
  }

  const shown = server.fieldErrors(errors);
  // Until the browser has read what /forgetPassword left (state undefined), the full form is
  // shown: it is what the prerendered page carries, so the page is never an empty box.
  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className="font-medium text-success-700">
          {t('resetDone')}
        </p>
        <Link href="/login" className={buttonClass('primary', 'w-full')}>
          {t('login')}
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" {...server.formProps}>
      <p className="text-slate-700">
        {state ? t('resetIntro', { email: state.email }) : t('resetIntroNoState')}
      </p>
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      {state ? null : (
        <>
          <TextField
            id="email"
            type="email"
            label={t('email')}
            autoComplete="email"
            error={shown.email}
          />
          <CodeField error={shown.code} />
        </>
      )}
      <NewPasswordFields errors={shown} />
      <Button type="submit" busy={busy} className="w-full">
        {busy ? t('saving') : t('savePassword')}
      </Button>
      <p className="text-center">
        <Link href="/forgetPassword" className="font-medium text-accent-700 underline">
          {t('resendCode')}
        </Link>
      </p>
    </form>
  );
}
