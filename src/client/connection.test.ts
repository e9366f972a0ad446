import { describe, expect, it } from 'vitest';
import { shouldSkipPrefetch } from './connection';

describe('prefetching on slow connections', () => {
  it('is skipped on 2g and with data saver, kept otherwise', () => {
    expect(shouldSkipPrefetch({ effectiveType: '2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: 'slow-2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '3g' })).toBe(false);
    expect(shouldSkipPrefetch(undefined)).toBe(false);
  });
});
