'use client';

import { useTranslations } from 'next-intl';
import { Fragment, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { getUser, type SessionUser, setUser, subscribeUser } from '@/client/session';
import { PasswordCard } from '../account/password-card';
import { LinkButton } from '../ui/link-button';
import { type PaySuccessBlock, paySuccessBlocks } from './pay-success-steps';
import { clearSetPassword } from './payment-store';

/**
 * The last steps on /paySuc: choosing a password when the account has none yet (with a word on
 * why when this payment made the account), then the ways on. The order comes from the server's
 * answer alone (paySuccessBlocks), so a reload shows the same page. The form is the account
 * page's own set-password card; it reports success through the session user it updates.
 */
export function PaySuccessSteps({
  profile,
  madeAccount,
}: {
  profile: SessionUser;
  madeAccount: boolean;
}) {
  const t = useTranslations('PayStatus.success');
  const user = useSyncExternalStore(subscribeUser, getUser, () => null);
  const [hadPassword] = useState(() => profile.is_password_set);
  useEffect(() => {
    if (!getUser()) setUser(profile);
  }, [profile]);
  const passwordSet = user?.is_password_set ?? profile.is_password_set;
  useEffect(() => {
    // The tab's note from the capture ("set set-password") has done its work.
    if (passwordSet) clearSetPassword();
  }, [passwordSet]);

  const content: Record<PaySuccessBlock, ReactNode> = {
    intro: <p className="text-slate-700">{t('nextText')}</p>,
    password: <PasswordCard profile={profile} />,
    done: (
      <p role="status" className="rounded-xl bg-green-50 p-4 font-medium text-success-700">
        {t('passwordDone', { email: profile.email })}
      </p>
    ),
    links: (
      <div className="flex flex-wrap gap-3">
        <LinkButton href="/myAccount">{t('myAccount')}</LinkButton>
        <LinkButton href="/download" variant="secondary">
          {t('download')}
        </LinkButton>
      </div>
    ),
  };
  return (
    <div className="flex flex-col gap-5" data-area="pay-success-steps">
      {paySuccessBlocks({ hadPassword, passwordSet, madeAccount }).map((block) => (
        <Fragment key={block}>{content[block]}</Fragment>
      ))}
    </div>
  );
}
