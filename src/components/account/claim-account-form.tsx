'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '@/client/http';
import { resetPasswordPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { Link } from '@/i18n/navigation';
import { checkCode, checkPasswordPair } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { buttonClass } from '../ui/link-button';
import { CodeField } from './code-field';
import { NewPasswordFields } from './new-password-fields';

type Field = 'code' | 'password' | 'confirm';

/** An address inside running text, isolated (FSI … PDI) so right-to-left text cannot reorder it. */
const isolated = (email: string) => `\u2068${email}\u2069`;

/**
 * The way in for a buyer whose payment or gift card went to an account that has no password,
 * when this browser cannot be signed in to it (the account was made earlier, by another
 * checkout): a code is sent to the account's email as soon as this shows, and the code with a
 * new password sets it (web/reset_password). Then on to log in, and back to `next`. Needs the
 * Auth and Validation messages.
 */
export function ClaimAccountForm({ email, next }: { email: string; next: string }) {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState<'send' | 'save' | null>('send');
  const [done, setDone] = useState(false);
  const asked = useRef(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const server = useServerError(resetPasswordPlaces);

  async function sendCode() {
    setBusy('send');
    server.clear();
    try {
      await api.request(`${accountApi}/verification/request`, {
        method: 'POST',
        body: { email, language: locale },
        quiet: server.quiet,
      });
    } catch (error: unknown) {
      // Shown at the top of the form; "Send a new code" tries again.
      server.show(error);
    } finally {
      setBusy(null);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one code when the step appears.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void sendCode();
  }, []);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const problems: Partial<Record<Field, string>> = {};
    const codeProblem = checkCode(code);
    if (codeProblem) problems.code = tv(codeProblem);
    const pair = checkPasswordPair(password, confirm);
    if (pair) problems[pair.field] = tv(pair.key);
    setErrors(problems);
    server.clear();
    if (Object.keys(problems).length > 0) {
      event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy('save');
    try {
      await api.request(`${accountApi}/web/reset_password`, {
        method: 'POST',
        body: { email, code, password },
        quiet: server.quiet,
      });
      setDone(true);
    } catch (error: unknown) {
      // A wrong or expired code says which, next to the code field.
      server.show(error);
    } finally {
      setBusy(null);
    }
  }

  const shown = server.fieldErrors(errors);
  if (done) {
    return (
      <div className="flex flex-col gap-4" data-area="claim-done">
        <p ref={doneRef} tabIndex={-1} role="status" className="font-medium text-success-700">
          {t('claimDone', { email: isolated(email) })}
        </p>
        <Link
          href={{ pathname: '/login', query: { redirect: next } }}
          className={buttonClass('primary', 'self-start')}
        >
          {t('login')}
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-md flex-col gap-4"
      data-area="claim"
      {...server.formProps}
    >
      <h2 className="text-lg font-bold">{t('claimTitle')}</h2>
      <p className="text-slate-700">{t('claimIntro', { email: isolated(email) })}</p>
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <CodeField error={shown.code} />
      <NewPasswordFields errors={shown} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy === 'save'} disabled={busy !== null}>
          {busy === 'save' ? t('saving') : t('savePassword')}
        </Button>
        <Button
          variant="ghost"
          busy={busy === 'send'}
          disabled={busy !== null}
          onClick={() => void sendCode()}
        >
          {busy === 'send' ? t('sending') : t('resendCode')}
        </Button>
      </div>
    </form>
  );
}
