// The plan list of a purchase island (checkout, gift card) in the browser. The page renders the
// server's plans from the catalogue, so the first paint needs no request; the island seeds the
// browser's plans cache with that list, under the channel and referrer it was chosen for, and
// whenever it needs the list again (none came from the server, or a checkout answered that its
// plan does not exist) loads it through the cache. src/client/plans-cache.ts stays the only code
// in the browser that requests plans.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  browserPlansOptions,
  fetchPlans,
  type PlansDependencies,
  refreshPlans,
  seedPlans,
} from '@/client/plans-cache';
import type { Plan, ServerPlans } from '@/lib/plans/types';

/** Where the island's plans are loaded and kept, and the address it reads the channel from. */
export interface IslandPlansDependencies extends PlansDependencies {
  /** The page's query string; the current address's unless given. */
  search?: string;
}

/** The island's plans in the browser: the server's list seeded, the cache's loaders. */
export interface IslandPlans {
  /** Stores the server's list in the plans cache (a list without a usable plan is not). */
  seed(): void;
  /** The cached list while it is fresh, else the API's. */
  load(): Promise<Plan[]>;
  /** The API's list, whatever is cached. */
  refresh(): Promise<Plan[]>;
}

export function islandPlans(
  server: ServerPlans,
  { search, ...dependencies }: IslandPlansDependencies = {},
): IslandPlans {
  const options = browserPlansOptions(server.from, search);
  return {
    seed: () => seedPlans(options, server.plans, dependencies),
    load: () => fetchPlans(options, dependencies),
    refresh: () => refreshPlans(options, dependencies),
  };
}

/**
 * What an island does with its plans when it starts: seeds the cache with the server's list;
 * when it shows no plan (`shown` false), loads the list through the cache and hands one that
 * has plans to `apply`. A failed load changes nothing: the island keeps what it shows.
 */
export async function startIslandPlans(
  plans: IslandPlans,
  shown: boolean,
  apply: (plans: Plan[]) => void,
): Promise<void> {
  plans.seed();
  if (shown) return;
  try {
    const loaded = await plans.load();
    if (loaded.length > 0) apply(loaded);
  } catch {
    // Offline or refused: the island goes on saying that there is no plan.
  }
}

/**
 * The list an island shows: `initial` (made from the server's plans) until the browser loads
 * another through the plans cache, turned into the island's items by `convert`. `refresh`
 * loads the API's current list (after a "plan not found" answer) and shows it; a failed
 * refresh keeps the list shown.
 */
export function useIslandPlans<T>(
  initial: T[],
  server: ServerPlans,
  convert: (plans: Plan[]) => T[],
): [list: T[], refresh: () => Promise<void>] {
  const [list, setList] = useState(initial);
  // What the page was rendered with: the island's plans source for its whole life.
  const [start] = useState(() => ({ server, shown: initial.length > 0 }));
  const convertNow = useRef(convert);
  convertNow.current = convert;
  const plans = useRef<IslandPlans | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    plans.current ??= islandPlans(start.server);
    void startIslandPlans(plans.current, start.shown, (loaded) => {
      if (live.current) setList(convertNow.current(loaded));
    });
    return () => {
      live.current = false;
    };
  }, [start]);

  const refresh = useCallback(async () => {
    plans.current ??= islandPlans(start.server);
    try {
      const loaded = await plans.current.refresh();
      if (live.current) setList(convertNow.current(loaded));
    } catch {
      // The list shown stays; the island has already said what went wrong.
    }
  }, [start]);

  return [list, refresh];
}
