import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { EmailText } from './email-text';

/**
 * The account page's profile: email, name and whether a password is set. On phones each label
 * stands above its value, so the email gets the card's whole width; a long one still wraps only
 * at its "@" and dots (EmailText).
 */
export async function ProfileCard({
  locale,
  profile,
}: {
  locale: Locale;
  profile: { email: string; name: string; is_password_set: boolean };
}) {
  const t = await getTranslations({ locale, namespace: 'Account' });
  return (
    <section
      aria-labelledby="profile-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
      data-area="profile"
    >
      <h2 id="profile-heading" className="text-xl font-bold">
        {t('profile')}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 sm:grid-cols-[auto_1fr] sm:gap-y-2">
        <dt className="font-medium text-slate-600">{t('emailLabel')}</dt>
        <dd className="mb-2 min-w-0 sm:mb-0">
          <EmailText email={profile.email} />
        </dd>
        <dt className="font-medium text-slate-600">{t('nameLabel')}</dt>
        <dd className="mb-2 min-w-0 break-words sm:mb-0">{profile.name || t('noName')}</dd>
        <dt className="font-medium text-slate-600">{t('passwordLabel')}</dt>
        <dd>{profile.is_password_set ? t('passwordSet') : t('passwordNotSet')}</dd>
      </dl>
    </section>
  );
}
