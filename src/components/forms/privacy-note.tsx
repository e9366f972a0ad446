import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/lib/locales';

/** One line under each form: what we do with the data, and where the policy is. */
export async function PrivacyNote({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Forms' });
  return (
    <p className="text-sm text-slate-600">
      {t('privacy')}{' '}
      <Link href="/policy" className="font-medium text-accent-700 underline">
        {t('privacyLink')}
      </Link>
    </p>
  );
}
