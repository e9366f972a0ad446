'use client';

import { useEffect, useState } from 'react';
import { formatDisplayDate } from '@/lib/date-format';

/**
 * A date in the spec's 'YYYY-MM-DD AM/PM hh:mm:ss' format, in the reader's time zone. The
 * server does not know that zone, so the first render (server and hydration alike) uses UTC
 * and the browser's zone replaces it right after; the width does not change.
 */
export function DisplayDate({ value, className }: { value: string; className?: string }) {
  const [zone, setZone] = useState<string | undefined>('UTC');
  useEffect(() => setZone(undefined), []);
  return (
    // The format reads left to right in every language (a right-to-left page would reorder it).
    <time dateTime={value} className={className} dir="ltr">
      {formatDisplayDate(value, { timeZone: zone })}
    </time>
  );
}
