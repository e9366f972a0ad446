// Spec 4: no link prefetching on 2g or with data saver on (Network Information API, where the
// browser has it; elsewhere prefetching stays on).
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

function connection(): NetworkInformation | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

export function shouldSkipPrefetch(info: NetworkInformation | undefined = connection()): boolean {
  if (!info) return false;
  return info.saveData === true || info.effectiveType === '2g' || info.effectiveType === 'slow-2g';
}

/** For useSyncExternalStore: follows connection changes. */
export function subscribeConnection(onChange: () => void): () => void {
  const info = connection();
  info?.addEventListener?.('change', onChange);
  return () => info?.removeEventListener?.('change', onChange);
}
