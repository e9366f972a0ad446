import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ShieldIcon } from '../ui/icons';

export async function LogoLink() {
  const t = await getTranslations('Common');
  return (
    <Link
      href="/"
      className="inline-flex min-h-11 items-center gap-2 text-lg font-bold no-underline"
      aria-label={t('logoLabel')}
    >
      <ShieldIcon className="text-accent-700" size={28} />
      <span>{t('brand')}</span>
    </Link>
  );
}
