// Browser storage that never throws: private modes, full quotas and disabled storage make
// localStorage/sessionStorage throw, and tracking must never break a page.

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function area(kind: 'local' | 'session'): StorageLike | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export const local = (): StorageLike | undefined => area('local');
export const session = (): StorageLike | undefined => area('session');

export function readItem(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: StorageLike | undefined, key: string, value: string): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(storage: StorageLike | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: the value cannot be read either.
  }
}

export function readJson<T>(storage: StorageLike | undefined, key: string): T | undefined {
  const raw = readItem(storage, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

interface TimedEntry<T> {
  value: T;
  /** ms since the epoch after which the value no longer counts. */
  expires: number;
}

/** Stores a value in local storage that expires `ttlMs` from now (spec 3, browser storage). */
export function setTimed<T>(key: string, value: T, ttlMs: number, storage = local()): boolean {
  const entry: TimedEntry<T> = { value, expires: Date.now() + ttlMs };
  return writeItem(storage, key, JSON.stringify(entry));
}

/** The value of `key` while it has not expired; an expired or malformed entry is removed. */
export function getTimed<T>(key: string, storage = local()): T | undefined {
  const entry = readJson<Partial<TimedEntry<T>>>(storage, key);
  if (entry === undefined) return undefined;
  if (typeof entry?.expires !== 'number' || entry.expires <= Date.now() || !('value' in entry)) {
    removeItem(storage, key);
    return undefined;
  }
  return entry.value as T;
}
