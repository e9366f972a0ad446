'use client';

import { usePathname } from 'next/navigation';
import { canonicalPath } from '@/lib/aliases';
import { type Locale, localeNames, locales, splitLocale } from '@/lib/locales';
import { GlobeIcon } from '../ui/icons';

/**
 * Links to the current page in every language. English links carry the /en prefix so the
 * server can reset the LANGUAGE cookie before it redirects to the unprefixed path.
 */
export function LanguageSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const { path } = splitLocale(usePathname() ?? '/');
  const page = canonicalPath(path);
  const suffix = page === '/' ? '' : page;
  return (
    <details className="group relative">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <GlobeIcon size={18} />
        <span className="sr-only">{label}: </span>
        <span lang={locale}>{localeNames[locale]}</span>
      </summary>
      <ul className="absolute bottom-full z-20 mb-2 grid max-h-80 w-56 overflow-y-auto rounded-(--radius-card) border border-slate-200 bg-white p-2 text-navy-900 shadow-(--shadow-dialog) start-0">
        {locales.map((code) => (
          <li key={code}>
            <a
              href={`/${code}${suffix}`}
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
