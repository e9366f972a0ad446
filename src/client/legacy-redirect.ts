import { splitLocale } from '@/lib/locales';
import { readItem, removeItem, type StorageLike, session, writeItem } from './storage';

export interface LegacyRedirectSettings {
  /** Paths without locale prefix (config LEGACY_REDIRECT_PATHS). */
  paths: string[];
  /** The product's other site (config LEGACY_REDIRECT_URL); no redirect without it. */
  url: string | null;
}

export const legacyDoneKey = 'legacy_redirect_done';
export const legacyFlagKey = 'legacy_redirecting';
export const legacyFlagMs = 2000;

/**
 * Spec 4: on the first navigation of a session to a listed path, send the browser to the
 * other site, once per session. The "redirecting" flag guards against a second redirect while the
 * first is under way and is cleared after 2 s (spec 9), e.g. when the visitor comes back.
 * Returns the target it navigated to, if any.
 */
export function legacyRedirect(
  settings: LegacyRedirectSettings,
  current: { pathname: string; search: string },
  navigate: (url: string) => void,
  storage: StorageLike | undefined = session(),
): string | undefined {
  if (!settings.url || settings.paths.length === 0) return undefined;
  if (readItem(storage, legacyDoneKey) || readItem(storage, legacyFlagKey)) return undefined;
  const { path } = splitLocale(current.pathname);
  if (!settings.paths.includes(path)) return undefined;
  writeItem(storage, legacyDoneKey, '1');
  writeItem(storage, legacyFlagKey, '1');
  setTimeout(() => removeItem(storage, legacyFlagKey), legacyFlagMs);
  const target = new URL(path + current.search, settings.url).toString();
  navigate(target);
  return target;
}
