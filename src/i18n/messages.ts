import type { Locale } from '@/lib/locales';
import { defaultLocale } from '@/lib/locales';
import type en from '../../messages/en.json';

export type Messages = typeof en;

type Tree = { [key: string]: string | Tree };

/** Fills what a translation lacks with English, key by key (spec 7: local files fall back to English). */
export function withFallback(base: Tree, translated: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(base)) {
    const own = translated[key];
    if (typeof value === 'string') out[key] = typeof own === 'string' ? own : value;
    else out[key] = withFallback(value, own && typeof own === 'object' ? own : {});
  }
  return out;
}

async function readLocaleFile(locale: Locale): Promise<Tree> {
  return (await import(`../../messages/${locale}.json`)).default as Tree;
}

const cache = new Map<Locale, Promise<Messages>>();

/** The messages of a locale, complete: every key English has, translated where a translation exists. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let entry = cache.get(locale);
  if (!entry) {
    entry = (async () => {
      const base = await readLocaleFile(defaultLocale);
      if (locale === defaultLocale) return base as unknown as Messages;
      return withFallback(base, await readLocaleFile(locale)) as unknown as Messages;
    })();
    cache.set(locale, entry);
  }
  return entry;
}
