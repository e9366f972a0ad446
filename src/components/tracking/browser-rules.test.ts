import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/support/memory-storage';
import { chunkReloadGuardMs, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';
import { shouldSkipPrefetch } from './connection';
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

describe('chunk load failure', () => {
  it('recognises chunk load errors of webpack, Turbopack and browsers', () => {
    const chunkError = new Error('Loading chunk 123 failed.');
    chunkError.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app-page failed'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads at most once per 60 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const start = 1_000_000;
    expect(reloadAfterChunkError(reload, storage, start)).toBe(true);
    expect(reloadAfterChunkError(reload, storage, start + chunkReloadGuardMs - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(reload, storage, start + chunkReloadGuardMs)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('prefetching on slow connections', () => {
  it('is skipped on 2g and with data saver, kept otherwise', () => {
    expect(shouldSkipPrefetch({ effectiveType: '2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: 'slow-2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '3g' })).toBe(false);
    expect(shouldSkipPrefetch(undefined)).toBe(false);
  });
});
