// How the blog home lays out its featured posts: the lead one alone, then the others two to a
// row; an odd one left over is shown across the whole width like the lead, rather than beside
// an empty half of a row.

export interface FeaturedRows<T> {
  lead: T;
  /** Shown two to a row. */
  pairs: T[];
  /** The odd one out, across the whole width. */
  single?: T;
}

export function featuredRows<T>(posts: readonly T[]): FeaturedRows<T> | null {
  const [lead, ...others] = posts;
  if (lead === undefined) return null;
  if (others.length % 2 === 0) return { lead, pairs: others };
  return { lead, single: others[0], pairs: others.slice(1) };
}
