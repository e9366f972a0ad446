import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../tests/support/memory-storage';
import { legacyFlagKey, legacyRedirect } from './legacy-redirect';

describe('legacy redirect', () => {
  const settings = { paths: ['/old-page', '/promo/2020'], url: 'https://other.example/' };
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first visit to a listed path to the other site, once per session', () => {
    const storage = memoryStorage();
    const navigate = vi.fn();
    expect(
      legacyRedirect(settings, { pathname: '/de/old-page', search: '?a=1' }, navigate, storage),
    ).toBe('https://other.example/old-page?a=1');
    expect(navigate).toHaveBeenCalledWith('https://other.example/old-page?a=1');
    vi.advanceTimersByTime(5000);
    expect(
      legacyRedirect(settings, { pathname: '/old-page', search: '' }, navigate, storage),
    ).toBeUndefined();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('clears the redirecting flag after 2 s', () => {
    const storage = memoryStorage();
    legacyRedirect(settings, { pathname: '/promo/2020', search: '' }, vi.fn(), storage);
    vi.advanceTimersByTime(1999);
    expect(storage.getItem(legacyFlagKey)).toBe('1');
    vi.advanceTimersByTime(1);
    expect(storage.getItem(legacyFlagKey)).toBeNull();
  });

  it('leaves other paths and an unconfigured site alone', () => {
    const navigate = vi.fn();
    expect(
      legacyRedirect(settings, { pathname: '/pricing', search: '' }, navigate, memoryStorage()),
    ).toBeUndefined();
    expect(
      legacyRedirect(
        { paths: ['/old-page'], url: null },
        { pathname: '/old-page', search: '' },
        navigate,
        memoryStorage(),
      ),
    ).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });
});
