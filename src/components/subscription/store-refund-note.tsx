'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/** Stores whose purchases we cannot refund on the site: their own instructions instead. */
export const storeSources = ['app_store', 'google_play'] as const;
export type StoreSource = (typeof storeSources)[number];

export function isStoreSource(source: string | undefined): source is StoreSource {
  return (storeSources as readonly string[]).includes(source ?? '');
}

/** How to get money back for premium bought on the App Store or Google Play (spec 9). */
export function StoreRefundNote({ source }: { source: StoreSource }) {
  const t = useTranslations('Refund');
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4" data-area="store-refund">
      <h3 className="font-semibold">{t('storeTitle')}</h3>
      <p className="mt-1 text-slate-700">
        {source === 'app_store' ? t('appStore') : t('googlePlay')}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {source === 'google_play' ? (
          <Link href="/contact-us" className="font-semibold text-accent-700 underline">
            {t('contact')}
          </Link>
        ) : null}
        <Link
          href="/money-back-guarantee#other-platforms"
          className="font-semibold text-accent-700 underline"
        >
          {t('policy')}
        </Link>
      </p>
    </div>
  );
}
