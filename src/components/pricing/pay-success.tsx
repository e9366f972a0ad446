'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getUser, type SessionUser, setUser, subscribeUser } from '@/client/session';
import { PasswordCard } from '../account/password-card';
import { LinkButton } from '../ui/link-button';
import { clearSetPassword, needsPasswordFor } from './payment-store';

/**
 * The last steps on /paySuc: choosing a password when the account has none yet (always first
 * when the capture asked for it, "set set-password"), then the ways on. The form is the account
 * page's own set-password card; it reports success through the session user it updates.
 */
export function PaySuccessSteps({ order, profile }: { order: string; profile: SessionUser }) {
  const t = useTranslations('PayStatus.success');
  // Ask the browser only after hydration: the server cannot read this tab's session storage.
  const askedByCapture = useSyncExternalStore(
    () => () => {},
    () => needsPasswordFor(order),
    () => false,
  );
  const user = useSyncExternalStore(subscribeUser, getUser, () => null);
  const [started] = useState(() => profile.is_password_set);
  useEffect(() => {
    if (!getUser()) setUser(profile);
  }, [profile]);
  const passwordSet = user?.is_password_set ?? profile.is_password_set;
  useEffect(() => {
    if (passwordSet) clearSetPassword();
  }, [passwordSet]);

  const links = (
    <div className="flex flex-wrap gap-3">
      <LinkButton href="/myAccount">{t('myAccount')}</LinkButton>
      <LinkButton href="/download" variant="secondary">
        {t('download')}
      </LinkButton>
    </div>
  );
  if (started) return links;
  if (passwordSet) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className="rounded-xl bg-green-50 p-4 font-medium text-success-700">
          {t('passwordDone', { email: profile.email })}
        </p>
        {links}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {askedByCapture ? <p className="text-slate-700">{t('nextText')}</p> : null}
      {askedByCapture ? null : links}
      <PasswordCard profile={profile} />
      {askedByCapture ? links : null}
    </div>
  );
}
