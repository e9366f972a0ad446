import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../tests/support/memory-storage';
import { chunkReloadGuardMs, isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

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
