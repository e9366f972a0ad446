import { readItem, type StorageLike, session, writeItem } from './storage';

export const chunkReloadKey = 'chunk_reload_at';
export const chunkReloadGuardMs = 60_000;

/** Whether an error (or rejection reason) is a failed load of one of the app's code chunks. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  const name = typeof reason === 'object' && 'name' in reason ? String(reason.name) : '';
  const message =
    typeof reason === 'string'
      ? reason
      : typeof reason === 'object' && 'message' in reason
        ? String(reason.message)
        : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  );
}

/**
 * A new deployment removes the old chunks: reloading fetches the new ones. At most once per
 * 60 s (spec 8, 9), so a chunk that is really missing cannot cause a reload loop. Returns
 * whether it reloaded.
 */
export function reloadAfterChunkError(
  reload: () => void,
  storage: StorageLike | undefined = session(),
  now = Date.now(),
): boolean {
  const last = Number(readItem(storage, chunkReloadKey) ?? 0);
  if (Number.isFinite(last) && now - last < chunkReloadGuardMs) return false;
  writeItem(storage, chunkReloadKey, String(now));
  reload();
  return true;
}
