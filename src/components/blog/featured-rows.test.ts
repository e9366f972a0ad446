import { describe, expect, it } from 'vitest';
import { featuredRows } from './featured-rows';

describe('featuredRows', () => {
  it('has nothing to show without posts', () => {
    expect(featuredRows([])).toBeNull();
  });

  it('shows the lead post alone, the two others side by side (the blog home: three)', () => {
    expect(featuredRows(['a', 'b', 'c'])).toEqual({ lead: 'a', pairs: ['b', 'c'] });
    expect(featuredRows(['a'])).toEqual({ lead: 'a', pairs: [] });
  });

  it('never leaves half a row empty: an odd post out takes the whole width', () => {
    expect(featuredRows(['a', 'b'])).toEqual({ lead: 'a', single: 'b', pairs: [] });
    expect(featuredRows(['a', 'b', 'c', 'd'])).toEqual({
      lead: 'a',
      single: 'b',
      pairs: ['c', 'd'],
    });
  });
});
