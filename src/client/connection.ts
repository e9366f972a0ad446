// Spec 4: no link prefetching on 2g or with data saver on (Network Information API, where the
// browser has it; elsewhere prefetching stays on).
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

export function shouldSkipPrefetch(info: NetworkInformation | undefined = connection()): boolean {
  if (!info) return false;
  return info.saveData === true || info.effectiveType === '2g' || info.effectiveType === 'slow-2g';
}
