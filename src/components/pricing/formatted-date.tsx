'use client';

import { useSyncExternalStore } from 'react';
import { formatDisplayDate } from '@/lib/date-format';

const never = () => () => {};

/**
 * A date in the spec's format ('YYYY-MM-DD AM/PM hh:mm:ss') in the visitor's own time zone.
 * The server does not know that zone, so it renders the bare ISO value, which the browser
 * replaces as soon as the page is interactive (no hydration mismatch).
 */
export function FormattedDate({ iso }: { iso: string }) {
  const text = useSyncExternalStore(
    never,
    () => formatDisplayDate(iso),
    () => '',
  );
  return (
    <time dateTime={iso} className="font-semibold" dir="ltr">
      {text || iso}
    </time>
  );
}
