// What the free tier and Premium each include (spec 6): the one source of every
// free-against-Premium table (home, features, free VPN, pricing) and of the feature pages'
// "Premium only" badge. Premium includes all of every feature; the free tier all, some or none.
// The words of each table stay in its messages namespace.

export const planFeatures = [
  'encryption',
  'no-logs',
  'servers',
  'speed',
  'kill-switch',
  /** No ads: the free tier shows them. */
  'ads',
  'apps',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

/** How much of a feature the free tier has. */
export type FreeShare = 'all' | 'some' | 'none';

const freeShares: Record<PlanFeature, FreeShare> = {
  encryption: 'all',
  'no-logs': 'all',
  // A selection of the locations; Premium has every one.
  servers: 'some',
  // Standard servers; Premium's are faster.
  speed: 'some',
  'kill-switch': 'none',
  ads: 'none',
  // The apps with a free tier; Premium works in every app.
  apps: 'some',
};

/** What the free tier has of `feature`. */
export function freeShare(feature: PlanFeature): FreeShare {
  return freeShares[feature];
}

/**
 * Whether the free tier includes `feature`: all of it, or with `some`, any part of it (a row
 * such as "free server locations").
 */
export function freeIncludes(feature: PlanFeature, extent: 'all' | 'some' = 'all'): boolean {
  const share = freeShares[feature];
  return extent === 'some' ? share !== 'none' : share === 'all';
}

/** A feature only Premium has. */
export function premiumOnly(feature: PlanFeature): boolean {
  return freeShares[feature] === 'none';
}
