import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { buttonClass } from '../ui/link-button';

/**
 * Shown where the plans (or the checkout form) would be while the plan catalogue cannot be read
 * (the database is down): no prices, a plain message and a link that loads the same address
 * again. A full page load rather than a client navigation, so it works without the app's script.
 */
export async function PlansUnavailable({
  locale,
  retryHref,
  className = '',
}: {
  locale: Locale;
  retryHref: string;
  className?: string;
}) {
  const [plans, errors] = await Promise.all([
    getTranslations({ locale, namespace: 'Plans' }),
    getTranslations({ locale, namespace: 'Errors' }),
  ]);
  return (
    <div
      role="alert"
      className={`flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p className="font-medium text-warning-700">{plans('unavailable')}</p>
      <a href={retryHref} className={buttonClass('secondary', 'shrink-0')}>
        {errors('tryAgain')}
      </a>
    </div>
  );
}
