'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, api } from '@/client/http';
import { saveResetState } from '@/client/reset-state';
import { forgotPasswordPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { Link } from '@/i18n/navigation';
import { localizePath } from '@/lib/locales';
import { checkCode, checkEmail } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { CodeField } from './code-field';

// The server's 'mail delayed' body code (src/server/mail/errors.ts).
const mailDelayedCode = 50302;

/** Step 1: the email gets a code. Step 2: the code is checked, then on to /resetPassword. */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const server = useServerError(forgotPasswordPlaces);

  async function sendCode(address: string) {
    setBusy(true);
    server.clear();
    try {
      await api.request(`${accountApi}/verification/request`, {
        method: 'POST',
        body: { email: address, language: locale },
        quiet: server.quiet,
      });
      setEmail(address);
    } catch (error: unknown) {
      // Shown on the form (e.g. the one-a-minute limit). When the mail is only delayed (queued
      // until the mail server is back) the code exists: go on to enter it, with that said on top.
      server.show(error);
      if (error instanceof ApiRequestError && error.body.code === mailDelayedCode) {
        setEmail(address);
      }
    } finally {
      setBusy(false);
    }
  }

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    const problem = checkEmail(address);
    setError(problem ? tv(problem) : undefined);
    if (problem) server.clear();
    else await sendCode(address);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const problem = checkCode(code);
    setError(problem ? tv(problem) : undefined);
    server.clear();
    if (problem) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/verification/validate`, {
        method: 'POST',
        body: { email, code },
        quiet: server.quiet,
      });
      saveResetState({ email, code });
      window.location.assign(localizePath(locale, '/resetPassword'));
    } catch (error: unknown) {
      server.show(error);
      setBusy(false);
    }
  }

  if (!email) {
    return (
      <form noValidate onSubmit={submitEmail} className="flex flex-col gap-5" {...server.formProps}>
        <p className="text-slate-700">{t('forgotIntro')}</p>
        <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
        <TextField
          id="email"
          type="email"
          label={t('email')}
          autoComplete="email"
          inputMode="email"
          required
          error={server.fieldErrors({ email: error }).email}
        />
        <Button type="submit" busy={busy} className="w-full">
          {busy ? t('sending') : t('sendCode')}
        </Button>
        <p className="text-center">
          <Link href="/login" className="font-medium text-accent-700 underline">
            {t('backToLogin')}
          </Link>
        </p>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submitCode} className="flex flex-col gap-5" {...server.formProps}>
      <p className="text-slate-700" role="status">
        {t('codeSent', { email })}
      </p>
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <CodeField required error={server.fieldErrors({ code: error }).code} />
      <Button type="submit" busy={busy} className="w-full">
        {t('verifyCode')}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="ghost" onClick={() => void sendCode(email)} disabled={busy}>
          {t('resendCode')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setEmail(null);
            setError(undefined);
            server.clear();
          }}
        >
          {t('useAnotherEmail')}
        </Button>
      </div>
    </form>
  );
}
