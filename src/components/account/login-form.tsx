'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { trackLoginOnNextPage } from '@/client/analytics';
import { api } from '@/client/http';
import { loginPlaces } from '@/client/server-error-places';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { Link } from '@/i18n/navigation';
import { localizePath } from '@/lib/locales';
import { checkEmail, checkLoginPassword } from '@/lib/password-rules';
import { safeRedirect } from '@/lib/safe-redirect';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { useRecaptcha } from './use-recaptcha';

type Errors = { email?: string; password?: string };

/** Email + password; on success back to `?redirect=` (a path on this site) or the account page. */
export function LoginForm({ recaptchaSiteKey }: { recaptchaSiteKey?: string }) {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const recaptcha = useRecaptcha(recaptchaSiteKey);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const server = useServerError(loginPlaces);
  const shown = server.fieldErrors(errors);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const emailProblem = checkEmail(username);
    const passwordProblem = checkLoginPassword(password);
    const next: Errors = {
      email: emailProblem ? tv(emailProblem) : undefined,
      password: passwordProblem ? tv(passwordProblem) : undefined,
    };
    setErrors(next);
    server.clear();
    if (next.email || next.password) {
      event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const recasign = await recaptcha.token('login');
      // Through the bot-check wrapper (spec 7); the server sets the session cookie.
      await api.request(`/ws/mm/reca/r3/account/v1/web/login`, {
        method: 'POST',
        body: { username, password, recasign },
        quiet: server.quiet,
      });
      // Spec 3's login event, sent by the next page (this one leaves at once), with user_id.
      trackLoginOnNextPage('password');
      const redirect = new URLSearchParams(window.location.search).get('redirect');
      window.location.assign(safeRedirect(redirect, localizePath(locale, '/myAccount')));
    } catch (error: unknown) {
      server.show(error);
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t('login')}
      {...server.formProps}
    >
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <TextField
        id="email"
        type="email"
        label={t('email')}
        autoComplete="username"
        inputMode="email"
        required
        error={shown.email}
      />
      <TextField
        id="password"
        type="password"
        label={t('password')}
        autoComplete="current-password"
        required
        error={shown.password}
      />
      <Button type="submit" busy={busy} className="w-full">
        {busy ? t('loggingIn') : t('login')}
      </Button>
      <p className="text-center">
        <Link href="/forgetPassword" className="font-medium text-accent-700 underline">
          {t('forgotPassword')}
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600">
        {t('noAccount')}{' '}
        <Link href="/pricing" className="font-medium text-accent-700 underline">
          {t('seePlans')}
        </Link>
      </p>
    </form>
  );
}
