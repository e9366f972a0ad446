import 'server-only';

// The blog cache (spec 3 "Blog cache (per path)": time and data; spec 9: 15 minutes). One store
// per database, so tests on separate databases never see each other's entries. Shared through
// globalThis because Next bundles the proxy, pages and API route separately.

export const blogCacheLifetimeMs = 900_000;

interface Entry {
  time: number;
  data: Promise<unknown>;
}

const storeKey = Symbol.for('turbovpn.server.blog-cache');
const holder = globalThis as typeof globalThis & {
  [storeKey]?: WeakMap<object, Map<string, Entry>>;
};

function storeFor(owner: object): Map<string, Entry> {
  holder[storeKey] ??= new WeakMap();
  let store = holder[storeKey].get(owner);
  if (!store) {
    store = new Map();
    holder[storeKey].set(owner, store);
  }
  return store;
}

/** The cached value of `key` when younger than 15 minutes, else `load()`'s (failures are not kept). */
export function cached<T>(
  owner: object,
  key: string,
  load: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const store = storeFor(owner);
  const hit = store.get(key);
  if (hit && now - hit.time < blogCacheLifetimeMs) return hit.data as Promise<T>;
  const data = load();
  store.set(key, { time: now, data });
  data.catch(() => {
    if (store.get(key)?.data === data) store.delete(key);
  });
  // Bounded: paths come from visitors, so drop the oldest entries past a few thousand.
  if (store.size > 5000) {
    for (const oldest of store.keys()) {
      store.delete(oldest);
      if (store.size <= 4000) break;
    }
  }
  return data;
}

/** Forgets everything cached for a database (after an import). */
export function clearBlogCache(owner: object): void {
  holder[storeKey]?.get(owner)?.clear();
}
