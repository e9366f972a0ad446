'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { isLocale, localizePath } from '@/lib/locales';

/** "This email already has an account with a password" and the way to log in and come back. */
export function LoginHint() {
  const t = useTranslations('GiftCard');
  const locale = useLocale();
  const back = localizePath(isLocale(locale) ? locale : 'en', '/gift-card');
  return (
    <>
      {t('hasPassword')}{' '}
      <Link
        href={`/login?redirect=${encodeURIComponent(back)}`}
        className="font-semibold text-accent-700 underline"
      >
        {t('logIn')}
      </Link>
    </>
  );
}
