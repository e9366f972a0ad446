'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useRef, useState } from 'react';
import { isLocale, type Locale, localeNames, locales } from '@/lib/locales';
import { GlobeIcon } from '../ui/icons';
import { type SwitchSource, switchHref } from './switch-href';
import { type DismissReason, useDismiss } from './use-dismiss';

/** The parts of the browser's URL a language switch keeps, and the page's hreflang versions. */
function browserUrl(): SwitchSource {
  const { pathname, search, hash } = window.location;
  const alternates: Partial<Record<Locale, string>> = {};
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="alternate"][hreflang]',
  )) {
    // Only the path counts: the links name SITE_URL, which may not be the address in use.
    if (isLocale(link.hreflang)) alternates[link.hreflang] = new URL(link.href).pathname;
  }
  return { pathname, search, hash, alternates };
}

/**
 * Links to the current page in every language, keeping its query and hash (a search, a login's
 * redirect). English links carry the /en prefix so the server can reset the LANGUAGE cookie
 * before it redirects to the unprefixed path. Plain links: the server sets the cookie.
 *
 * The server renders the links without a query (a prerendered page is the same for every query,
 * and `path` replaces the current path where the server cannot know it, as on the 404 page); the
 * browser's URL is read when the menu opens, the only moment its links can be seen or followed.
 * Escape, a press outside or moving focus out closes the menu.
 */
export function LanguageSwitcher({
  locale,
  label,
  path,
}: {
  locale: Locale;
  label: string;
  /** The page to link to before the browser's URL is known; the current path by default. */
  path?: string;
}) {
  const pathname = usePathname() ?? '/';
  const [open, setOpen] = useState(false);
  // The browser's URL when the menu last opened, with the path it was read on.
  const [seen, setSeen] = useState<{ at: string; url: SwitchSource } | null>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);

  const close = useCallback((reason: DismissReason) => {
    if (details.current) details.current.open = false;
    if (reason === 'escape') summary.current?.focus();
  }, []);
  useDismiss(details, open, close);

  const source = seen && seen.at === pathname ? seen.url : { pathname: path ?? pathname };
  return (
    <details
      ref={details}
      className="group relative"
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setSeen({ at: pathname, url: browserUrl() });
      }}
    >
      <summary
        ref={summary}
        className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden"
      >
        <GlobeIcon size={18} />
        <span className="sr-only">{label}: </span>
        <span lang={locale}>{localeNames[locale]}</span>
      </summary>
      <ul className="absolute bottom-full z-20 mb-2 grid max-h-80 w-56 overflow-y-auto rounded-(--radius-card) border border-slate-200 bg-white p-2 text-navy-900 shadow-(--shadow-dialog) start-0">
        {locales.map((code) => (
          <li key={code}>
            <a
              href={switchHref(code, source)}
              hrefLang={code}
              lang={code}
              aria-current={code === locale ? 'true' : undefined}
              className="block rounded-md px-3 py-2 text-sm no-underline hover:bg-slate-100 aria-[current]:font-semibold aria-[current]:text-accent-700"
            >
              {localeNames[code]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
