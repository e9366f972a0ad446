'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { api } from '@/client/http';
import { emailChangePlaces } from '@/client/server-error-places';
import { accountApi, type SessionUser, setUser } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { checkCode, checkEmail } from '@/lib/password-rules';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { showToast } from '../ui/toast';
import { CodeField } from './code-field';
import { EmailText } from './email-text';
import { useReauth } from './reauth-dialog';

/**
 * The account's email: a new address gets a 6-digit code (after confirming it is you), the code
 * switches the account to it; the old address is told.
 */
export function EmailCard({ profile }: { profile: SessionUser }) {
  const t = useTranslations('Security');
  const tv = useTranslations('Validation');
  const language = useLocale();
  const [email, setEmail] = useState(profile.email);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ 'new-email'?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const server = useServerError(emailChangePlaces);
  const shown = server.fieldErrors(error);
  const { confirmIdentity, dialog } = useReauth();
  const router = useRouter();

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('new-email') ?? '').trim();
    const problem = checkEmail(next);
    setError({ 'new-email': problem ? tv(problem) : undefined });
    server.clear();
    if (problem) return;
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      await api.request(`${accountApi}/web/email/change`, {
        method: 'POST',
        body: { new_email: next, language },
        quiet: server.quiet,
      });
      setSentTo(next.toLowerCase());
    } catch (failure: unknown) {
      server.show(failure);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const problem = checkCode(code);
    setError({ code: problem ? tv(problem) : undefined });
    server.clear();
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.request<{ email: string }>(`${accountApi}/web/email/confirm`, {
        method: 'POST',
        body: { code, language },
        quiet: server.quiet,
      });
      setEmail(answer.email);
      setUser({ ...profile, email: answer.email });
      setSentTo(null);
      showToast('success', t('email.changed', { email: answer.email }));
      // The page's header and profile show the address too.
      router.refresh();
    } catch (failure: unknown) {
      server.show(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="email-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="email"
    >
      <h3 id="email-heading" className="text-xl font-bold">
        {t('email.title')}
      </h3>
      <p className="mt-1 text-slate-600">
        {t.rich('email.intro', { email: () => <EmailText email={email} /> })}
      </p>
      {sentTo ? (
        <form
          noValidate
          onSubmit={confirm}
          className="mt-4 flex flex-col gap-4"
          {...server.formProps}
        >
          <p>{t.rich('email.codeIntro', { email: () => <EmailText email={sentTo} /> })}</p>
          <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
          <CodeField required error={shown.code} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy}>
              {t('email.confirm')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setSentTo(null);
                server.clear();
              }}
            >
              {t('email.other')}
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={send} className="mt-4 flex flex-col gap-4" {...server.formProps}>
          <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
          <TextField
            id="new-email"
            type="email"
            label={t('email.newLabel')}
            autoComplete="email"
            inputMode="email"
            required
            error={shown['new-email']}
          />
          <Button type="submit" busy={busy} className="self-start">
            {t('email.send')}
          </Button>
        </form>
      )}
      {dialog}
    </section>
  );
}
