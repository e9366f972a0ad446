'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { api } from '@/client/http';
import { accountApi, setUser } from '@/client/session';
import { Link } from '@/i18n/navigation';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { showToast } from '../ui/toast';
import { useReauth } from './reauth-dialog';

/** GET web/export as a file: everything held about the account, after confirming it is you. */
export function ExportCard() {
  const t = useTranslations('Security');
  const [busy, setBusy] = useState(false);
  const { confirmIdentity, dialog } = useReauth();

  async function download() {
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      const document_ = await api.request<{ exported_at: string }>(`${accountApi}/web/export`);
      const blob = new Blob([`${JSON.stringify(document_, null, 2)}\n`], {
        type: 'application/json',
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `turbovpn-account-${document_.exported_at.slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      showToast('success', t('export.done'));
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="export-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="export"
    >
      <h3 id="export-heading" className="text-xl font-bold">
        {t('export.title')}
      </h3>
      <p className="mt-1 text-slate-600">{t('export.intro')}</p>
      <Button variant="secondary" className="mt-4" busy={busy} onClick={() => void download()}>
        {t('export.button')}
      </Button>
      {dialog}
    </section>
  );
}

/**
 * Deleting the account: what goes and what stays, said before the button; typing DELETE, then
 * confirming it is you. Afterwards the browser is signed out and goes to the home page.
 */
export function DeleteAccountCard() {
  const t = useTranslations('Security');
  const locale = useLocale();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const { confirmIdentity, dialog } = useReauth();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('delete-confirm') ?? '').trim();
    const wrong = typed !== 'DELETE';
    setError(wrong ? t('delete.confirmWrong') : undefined);
    if (wrong) return;
    setBusy(true);
    try {
      if (!(await confirmIdentity())) return;
      await api.request(`${accountApi}/web/delete`, {
        method: 'POST',
        body: { confirm: 'DELETE', language: locale },
      });
      setUser(null);
      setDeleted(true);
    } catch {
      // Shown by the global handler.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="delete-heading"
      className="rounded-2xl border border-error-700/40 bg-white p-6"
      data-area="delete-account"
    >
      <h3 id="delete-heading" className="text-xl font-bold">
        {t('delete.title')}
      </h3>
      {deleted ? (
        <div role="status" className="mt-3">
          <p className="font-semibold">{t('delete.done')}</p>
          <Link href="/" className="mt-2 inline-block font-medium text-accent-700 underline">
            {t('delete.home')}
          </Link>
        </div>
      ) : (
        <DeleteForm busy={busy} error={error} onSubmit={submit} />
      )}
      {dialog}
    </section>
  );
}

function DeleteForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const t = useTranslations('Security');
  return (
    <>
      <p className="mt-1 font-medium">{t('delete.intro')}</p>
      <h4 className="mt-4 font-bold">{t('delete.deletedTitle')}</h4>
      <p className="mt-1 text-slate-600">{t('delete.deleted')}</p>
      <h4 className="mt-3 font-bold">{t('delete.keptTitle')}</h4>
      <p className="mt-1 text-slate-600">{t('delete.kept')}</p>
      <p className="mt-3 text-slate-600">{t('delete.renewal')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <TextField
          id="delete-confirm"
          label={t('delete.confirmLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          required
          error={error}
        />
        <Button type="submit" busy={busy} className="self-start">
          {t('delete.button')}
        </Button>
      </form>
    </>
  );
}
