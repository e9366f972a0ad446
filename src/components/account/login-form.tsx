'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { trackLoginOnNextPage } from '@/client/analytics';
import { api } from '@/client/http';
import { passkeyDismissed, passkeysSupported, signInWithPasskey } from '@/client/passkeys';
import { loginPlaces, mfaPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { Link } from '@/i18n/navigation';
import { type Locale, localizePath } from '@/lib/locales';
import {
  checkAuthCode,
  checkEmail,
  checkLoginPassword,
  checkRecoveryCode,
} from '@/lib/password-rules';
import { safeRedirect } from '@/lib/safe-redirect';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { useRecaptcha } from './use-recaptcha';

type Errors = { email?: string; password?: string };

/** What web/login answers: a session, or (two-factor on) the second step's token. */
interface LoginAnswer {
  token?: string;
  mfa_required?: boolean;
  mfa_token?: string;
  methods?: string[];
}

/** Leaves for `?redirect=` (a path on this site) or the account page, signed in by `method`. */
function signedIn(locale: Locale, method: string) {
  // Spec 3's login event, sent by the next page (this one leaves at once), with user_id.
  trackLoginOnNextPage(method);
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  window.location.assign(safeRedirect(redirect, localizePath(locale, '/myAccount')));
}

/**
 * Email + password, or a passkey; with two-factor on, the code step follows the password. On
 * success back to `?redirect=` (a path on this site) or the account page.
 */
export function LoginForm({ recaptchaSiteKey }: { recaptchaSiteKey?: string }) {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const recaptcha = useRecaptcha(recaptchaSiteKey);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [mfa, setMfa] = useState<{ token: string; expired?: boolean } | null>(null);
  const [passkeys, setPasskeys] = useState(false);
  const server = useServerError(loginPlaces);
  const shown = server.fieldErrors(errors);

  // Known only in the browser: rendered after hydration so the server's HTML matches.
  useEffect(() => setPasskeys(passkeysSupported()), []);

  async function withPasskey() {
    server.clear();
    setBusy(true);
    try {
      await signInWithPasskey();
      signedIn(locale, 'passkey');
    } catch (error: unknown) {
      if (!passkeyDismissed(error)) server.show(error);
      setBusy(false);
    }
  }

  if (mfa)
    return (
      <MfaStep
        mfaToken={mfa.token}
        onRestart={() => {
          setMfa(null);
          setBusy(false);
        }}
      />
    );

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
      const answer = await api.request<LoginAnswer>(`/ws/mm/reca/r3/account/v1/web/login`, {
        method: 'POST',
        body: { username, password, recasign },
        quiet: server.quiet,
      });
      if (answer.mfa_required && answer.mfa_token) {
        setMfa({ token: answer.mfa_token });
        return;
      }
      signedIn(locale, 'password');
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
      {passkeys ? (
        <Button
          variant="secondary"
          busy={busy}
          className="w-full"
          onClick={() => void withPasskey()}
        >
          {t('passkeyLogin')}
        </Button>
      ) : null}
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

/**
 * The second step with two-factor on: a code of the authenticator app, or a recovery code. The
 * step lives 5 minutes and 5 tries; after that (40016) only "Start again" is offered.
 */
function MfaStep({ mfaToken, onRestart }: { mfaToken: string; onRestart: () => void }) {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const server = useServerError(mfaPlaces);
  const shown = server.fieldErrors({ code: error });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const problem = recovery ? checkRecoveryCode(value) : checkAuthCode(value);
    setError(problem ? tv(problem) : undefined);
    server.clear();
    if (problem) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/login/mfa`, {
        method: 'POST',
        body: recovery
          ? { mfa_token: mfaToken, recovery_code: value }
          : { mfa_token: mfaToken, code: value },
        quiet: server.quiet,
      });
      signedIn(locale, recovery ? 'recovery_code' : 'totp');
    } catch (failure: unknown) {
      server.show(failure);
      setExpired((failure as { body?: { code?: number } }).body?.code === 40016);
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t('mfaTitle')}
      {...server.formProps}
    >
      <h2 className="text-xl font-bold">{t('mfaTitle')}</h2>
      <p className="text-slate-600">{recovery ? t('mfaRecoveryIntro') : t('mfaIntro')}</p>
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      {expired ? (
        <Button className="w-full" onClick={onRestart} autoFocus>
          {t('mfaRestart')}
        </Button>
      ) : (
        <>
          <TextField
            key={recovery ? 'recovery' : 'totp'}
            id="code"
            label={recovery ? t('recoveryCode') : t('authCode')}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={recovery ? 12 : 7}
            required
            autoFocus
            error={shown.code}
          />
          <Button type="submit" busy={busy} className="w-full">
            {t('verifyCode')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setRecovery(!recovery);
              setError(undefined);
              server.clear();
            }}
          >
            {recovery ? t('useAuthCode') : t('useRecoveryCode')}
          </Button>
        </>
      )}
    </form>
  );
}
