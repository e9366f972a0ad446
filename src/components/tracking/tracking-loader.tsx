'use client';

import { type ComponentType, useEffect, useState } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '@/client/chunk-reload';
import { whenIdle } from '@/client/when-idle';
import { isConsentOpenClick } from '@/components/consent/consent-open';
import type { TrackingIslandProps } from './tracking-island';

type Island = ComponentType<TrackingIslandProps>;

/**
 * Loads the tracking island (analytics, consent banner, attribution, tab sync) once the page is
 * idle: none of it is needed for the first paint, and its code stays out of the JavaScript the
 * page runs while it hydrates. A "Cookie settings" click before then loads it at once, open.
 */
export function TrackingLoader(props: Omit<TrackingIslandProps, 'openAtStart'>) {
  const [island, setIsland] = useState<{ Island: Island; open: boolean } | null>(null);

  useEffect(() => {
    let done = false;
    const load = (open: boolean) => {
      if (done) return;
      done = true;
      cancelIdle();
      document.removeEventListener('click', onClick);
      import('./tracking-island').then(
        ({ TrackingIsland }) => setIsland({ Island: TrackingIsland, open }),
        (error: unknown) => {
          // After a new deployment the old chunk is gone: reload (at most once a minute).
          if (isChunkLoadError(error)) reloadAfterChunkError(() => location.reload());
        },
      );
    };
    const onClick = (event: MouseEvent) => {
      if (isConsentOpenClick(event)) load(true);
    };
    const cancelIdle = whenIdle(() => load(false));
    document.addEventListener('click', onClick);
    return () => {
      done = true;
      cancelIdle();
      document.removeEventListener('click', onClick);
    };
  }, []);

  if (!island) return null;
  return <island.Island {...props} openAtStart={island.open} />;
}
