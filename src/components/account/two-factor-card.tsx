'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api } from '@/client/http';
import { totpPlaces } from '@/client/server-error-places';
import { accountApi } from '@/client/session';
import { useServerError } from '@/client/use-server-error';
import { ServerErrorAlert } from '@/components/feedback/server-error-alert';
import { checkAuthCode, checkRecoveryCode } from '@/lib/password-rules';
import { brand } from '@/lib/site';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextField } from '../ui/form-field';
import { showToast } from '../ui/toast';
import { useReauth } from './reauth-dialog';

/** What GET web/2fa answers. */
export interface TwoFactorStatus {
  totp_enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

interface Setup {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/**
 * Two-factor with an authenticator app: turn on (confirm it is you, scan, type the first code,
 * save the recovery codes shown once), make new recovery codes, turn off (password and a code).
 */
export function TwoFactorCard({ initial, email }: { initial: TwoFactorStatus; email: string }) {
  const t = useTranslations('Security');
  const td = useTranslations('Dialogs');
  const [status, setStatus] = useState(initial);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [busy, setBusy] = useState(false);
  const { confirmIdentity, dialog } = useReauth();

  async function start() {
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      setSetup(await api.request<Setup>(`${accountApi}/web/2fa/totp/setup`, { method: 'POST' }));
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
    }
  }

  async function regenerate() {
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      const answer = await api.request<{ recovery_codes: string[] }>(
        `${accountApi}/web/2fa/recovery/regenerate`,
        { method: 'POST' },
      );
      setCodes(answer.recovery_codes);
      setStatus({ ...status, recovery_codes_left: answer.recovery_codes.length });
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
      setRegenerating(false);
    }
  }

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />;
  } else if (setup) {
    body = (
      <EnableForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recovery) => {
          setSetup(null);
          setCodes(recovery);
          setStatus({
            totp_enabled: true,
            enabled_at: new Date().toISOString(),
            recovery_codes_left: recovery.length,
          });
          showToast('success', t('totp.enabled'));
        }}
      />
    );
  } else if (turningOff) {
    body = (
      <DisableForm
        onCancel={() => setTurningOff(false)}
        onDisabled={() => {
          setTurningOff(false);
          setStatus({ totp_enabled: false, enabled_at: null, recovery_codes_left: 0 });
          showToast('success', t('totp.turnedOff'));
        }}
      />
    );
  } else if (status.totp_enabled) {
    body = (
      <>
        <p className="mt-1 text-slate-600">{t('totp.introOn')}</p>
        <p className="mt-3 font-medium">
          {t('totp.recoveryLeft', { count: status.recovery_codes_left })}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" busy={busy} onClick={() => setRegenerating(true)}>
            {t('totp.regenerate')}
          </Button>
          <Button variant="secondary" onClick={() => setTurningOff(true)}>
            {t('totp.turnOff')}
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="mt-1 text-slate-600">{t('totp.introOff')}</p>
        <Button className="mt-4" busy={busy} onClick={() => void start()}>
          {t('totp.turnOn')}
        </Button>
      </>
    );
  }

  return (
    <section
      aria-labelledby="totp-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="two-factor"
    >
      <h3 id="totp-heading" className="flex flex-wrap items-center gap-2 text-xl font-bold">
        {t('totp.title')}
        <Badge tone={status.totp_enabled ? 'success' : 'neutral'}>
          {status.totp_enabled ? t('totp.on') : t('totp.off')}
        </Badge>
      </h3>
      {body}
      {dialog}
      <ConfirmDialog
        open={regenerating}
        title={t('totp.regenerateTitle')}
        keep={td('cancel')}
        confirm={t('totp.regenerate')}
        busy={busy}
        onCancel={() => setRegenerating(false)}
        onConfirm={() => void regenerate()}
      >
        <p>{t('totp.regenerateText')}</p>
      </ConfirmDialog>
    </section>
  );
}

function EnableForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: Setup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const t = useTranslations('Security');
  const tv = useTranslations('Validation');
  const td = useTranslations('Dialogs');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const server = useServerError(totpPlaces);
  const shown = server.fieldErrors({ code: error });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const problem = checkAuthCode(code);
    setError(problem ? tv(problem) : undefined);
    server.clear();
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.request<{ recovery_codes: string[] }>(
        `${accountApi}/web/2fa/totp/enable`,
        { method: 'POST', body: { code }, quiet: server.quiet },
      );
      onEnabled(answer.recovery_codes);
    } catch (failure: unknown) {
      server.show(failure);
      setBusy(false);
    }
  }

  // Grouped in fours, as authenticator apps show keys typed by hand.
  const key = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4" {...server.formProps}>
      <p>{t('totp.scan')}</p>
      <div
        role="img"
        aria-label={t('totp.qrLabel')}
        className="w-48 max-w-full self-center rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
        // The server's own SVG (qrcode library output: paths only, no script).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG made by our server
        dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
      />
      <p className="text-sm text-slate-600">
        {t('totp.manual')}{' '}
        <code
          className="font-mono text-base break-all text-navy-900"
          data-totp-secret={setup.secret}
        >
          {key}
        </code>
      </p>
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <TextField
        id="code"
        label={t('codeLabel')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        required
        error={shown.code}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {t('totp.enable')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {td('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: copy, download as text, and done. */
function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const t = useTranslations('Security');
  const text = `${t('totp.recoveryFile', { brand: brand.name, email })}\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', t('totp.copied'));
    } catch {
      // No clipboard permission: the codes stay on screen to copy by hand.
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brand.name.replace(/\W+/g, '-').toLowerCase()}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="mt-3" data-recovery-codes="">
      <h4 className="font-bold">{t('totp.recoveryTitle')}</h4>
      <p className="mt-1 text-slate-600">{t('totp.recoveryIntro')}</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-base" dir="ltr">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('totp.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('totp.download')}
        </Button>
        <Button onClick={onDone}>{t('totp.saved')}</Button>
      </div>
    </div>
  );
}

function DisableForm({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const t = useTranslations('Security');
  const ta = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const td = useTranslations('Dialogs');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const server = useServerError(totpPlaces);
  const shown = server.fieldErrors(errors);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const code = String(form.get('code') ?? '').trim();
    // Six digits: the app's code; anything else is tried as a recovery code.
    const isAppCode = /^\d[\d\s]*$/.test(code);
    const codeProblem = isAppCode ? checkAuthCode(code) : checkRecoveryCode(code);
    const next = {
      password: password ? undefined : tv('passwordRequired'),
      code: code ? (codeProblem ? tv(codeProblem) : undefined) : tv('authCodeRequired'),
    };
    setErrors(next);
    server.clear();
    if (next.password || next.code) return;
    setBusy(true);
    try {
      await api.request(`${accountApi}/web/2fa/totp/disable`, {
        method: 'POST',
        body: isAppCode ? { password, code } : { password, recovery_code: code },
        quiet: server.quiet,
      });
      onDisabled();
    } catch (failure: unknown) {
      server.show(failure);
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4" {...server.formProps}>
      <p>{t('totp.turnOffIntro')}</p>
      <ServerErrorAlert id={server.alertId}>{server.top?.text}</ServerErrorAlert>
      <TextField
        id="password"
        type="password"
        label={ta('password')}
        autoComplete="current-password"
        required
        error={shown.password}
      />
      <TextField
        id="code"
        label={`${t('codeLabel')} / ${ta('recoveryCode')}`}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={12}
        required
        error={shown.code}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {t('totp.turnOff')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {td('cancel')}
        </Button>
      </div>
    </form>
  );
}
