import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { LinkButton } from '../ui/link-button';

/** Download and plans buttons under an information page's heading. */
export async function HeaderActions({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Info' });
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <LinkButton href="/download">{t('download')}</LinkButton>
      <LinkButton href="/pricing" variant="secondary">
        {t('plans')}
      </LinkButton>
    </div>
  );
}
