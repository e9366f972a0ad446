'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { type Countdown, startCountdown } from '@/lib/countdown';

/**
 * The offer while its countdown runs, ticking every second from the server's value (so the
 * first paint already shows the right numbers and nothing shifts). The end is counted from the
 * server's "time left", not the browser's clock. At zero, `ended` replaces the offer.
 */
export function PromotionCountdown({
  initial,
  remainingMs,
  ended,
  children,
}: {
  /** The countdown as the server computed it when rendering. */
  initial: Countdown;
  /** Milliseconds from the server's render to the end of the promotion. */
  remainingMs: number;
  ended: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations('Promotion');
  const [value, setValue] = useState(initial);

  useEffect(() => startCountdown(Date.now() + remainingMs, setValue), [remainingMs]);

  if (value.done) return <>{ended}</>;
  const units = [
    { key: 'days', value: value.days, label: t('days') },
    { key: 'hours', value: value.hours, label: t('hours') },
    { key: 'min', value: value.min, label: t('min') },
    { key: 'sec', value: value.sec, label: t('sec') },
  ];
  return (
    <>
      <div className="rounded-xl bg-navy-900 p-4 text-white sm:p-5">
        <p className="text-sm font-semibold tracking-wide uppercase" id="promotion-ends-in">
          {t('endsIn')}
        </p>
        {/* A timer is not announced on every tick; its name says the whole time left. */}
        <div
          role="timer"
          aria-live="off"
          aria-labelledby="promotion-ends-in promotion-time-left"
          className="mt-2 grid grid-cols-4 gap-2 sm:gap-3"
          data-countdown
        >
          <span id="promotion-time-left" className="sr-only">
            {t('timeLeft', {
              days: value.days,
              hours: value.hours,
              min: value.min,
              sec: value.sec,
            })}
          </span>
          {units.map((unit) => (
            <span
              key={unit.key}
              aria-hidden="true"
              className="flex flex-col items-center rounded-lg bg-white/10 px-1 py-2"
              data-unit={unit.key}
            >
              <span className="text-2xl font-bold tabular-nums sm:text-3xl">{unit.value}</span>
              <span className="text-xs text-slate-200 sm:text-sm">{unit.label}</span>
            </span>
          ))}
        </div>
      </div>
      {children}
    </>
  );
}
