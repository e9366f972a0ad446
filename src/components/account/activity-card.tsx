'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type AccountEventKind, isAccountEventKind } from '@/lib/account-events';
import { browserLabel, countryName } from '@/lib/browser-place';
import { formatDisplayDate } from '@/lib/date-format';

/** One security event as GET web/activity lists it. */
export interface ActivityItem {
  id: string;
  kind: string;
  at: string;
  browser: string | null;
  os: string | null;
  country: string | null;
}

/**
 * The account's security events of the last 90 days (web/activity), newest first: what
 * happened, when, in which browser and from which country, so that the owner can tell whether it
 * was them.
 */
export function ActivityCard({ events }: { events: ActivityItem[] }) {
  const t = useTranslations('Account');
  const locale = useLocale();
  const shown = events.filter((event) => isAccountEventKind(event.kind));
  const where = (event: ActivityItem) =>
    [
      browserLabel(
        event,
        (browser, os) => t('sessions.on', { browser, os }),
        t('activity.unknownPlace'),
      ),
      event.country ? countryName(event.country, locale) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <section
      aria-labelledby="activity-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 lg:col-span-2"
      data-area="activity"
    >
      <h3 id="activity-heading" className="text-xl font-bold">
        {t('activity.title')}
      </h3>
      <p className="mt-1 text-slate-600">{t('activity.intro')}</p>
      {shown.length === 0 ? (
        <p className="mt-4">{t('activity.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {shown.map((event) => (
            <li
              key={event.id}
              className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3"
              data-event={event.kind}
            >
              <p
                className={
                  event.kind === 'login_failed' ? 'font-semibold text-warning-700' : 'font-semibold'
                }
              >
                {t(`activity.kind.${event.kind as AccountEventKind}`)}
              </p>
              <p className="text-sm text-slate-600">
                <time dateTime={event.at} className="whitespace-nowrap" suppressHydrationWarning>
                  {formatDisplayDate(new Date(event.at))}
                </time>
                {' · '}
                {where(event)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
