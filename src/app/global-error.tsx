'use client';

import './globals.css';
import { useEffect, useState } from 'react';
import { englishGlobalErrorTexts, type GlobalErrorTexts } from '@/components/layout/error-texts';
import { directionOf, isLocale, type Locale, localizePath, splitLocale } from '@/lib/locales';

function currentLocale(): Locale {
  if (typeof window === 'undefined') return 'en';
  const { prefix } = splitLocale(window.location.pathname);
  return prefix && isLocale(prefix) ? prefix : 'en';
}

/**
 * Spec 2.4: when the error page itself (or the document around it) fails, this replaces the
 * whole document. It cannot rely on the app's providers, so it asks /l10n for its two texts.
 */
export default function GlobalError() {
  const [locale] = useState(currentLocale);
  // English from a constant: importing messages/en.json here would put the whole catalogue into
  // every page's JavaScript, since Next loads this component with the root layout.
  const [texts, setTexts] = useState<GlobalErrorTexts>(englishGlobalErrorTexts);
  useEffect(() => {
    if (locale === 'en') return;
    const controller = new AbortController();
    fetch(`/l10n?language=${encodeURIComponent(locale)}&prefix=Errors`, {
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { data?: { messages?: Partial<GlobalErrorTexts> } } | null) => {
        const messages = body?.data?.messages;
        if (messages?.errorPageFailed && messages.goHome) {
          setTexts({ errorPageFailed: messages.errorPageFailed, goHome: messages.goHome });
        }
      })
      .catch(() => {
        // Keep the English texts: this page must show something even when the network fails.
      });
    return () => controller.abort();
  }, [locale]);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
          <h1 className="text-2xl font-bold">{texts.errorPageFailed}</h1>
          <p className="mt-6">
            <a href={localizePath(locale, '/')} className="font-semibold text-accent-700 underline">
              {texts.goHome}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
