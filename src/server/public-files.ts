import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const publicDir = path.join(process.cwd(), 'public');
const known = new Map<string, boolean>();
const MAX_ENTRIES = 2000;

/** Whether a request path names a file in public/ (which Next serves after the proxy). */
export function isPublicFile(pathname: string): boolean {
  const cached = known.get(pathname);
  if (cached !== undefined) return cached;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = path.join(publicDir, path.normalize(decoded));
  const inside = file.startsWith(`${publicDir}${path.sep}`);
  const exists = inside && existsSync(file) && statSync(file).isFile();
  // Bounded: a scan of random paths must not grow the cache without limit.
  if (known.size < MAX_ENTRIES) known.set(pathname, exists);
  return exists;
}
