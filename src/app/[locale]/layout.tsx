import '../globals.css';
import type { Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ApiFeedbackIsland } from '@/components/feedback/api-feedback-island';
import { errorTextsOf } from '@/components/layout/error-texts';
import { ErrorTextsProvider } from '@/components/layout/error-texts-provider';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { TrackingRoot } from '@/components/tracking/tracking-root';
import { routing } from '@/i18n/routing';
import { directionOf, locales } from '@/lib/locales';
import { isInjected } from '@/server/test-failures';

// Only the 18 locales exist: anything else is unmatched and gets the root not-found page.
export const dynamicParams = false;
export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b1b3a',
};

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Common' });
  const { Errors } = await getMessages({ locale });
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-accent-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
        >
          {t('skipToContent')}
        </a>
        {/* The error boundary's texts: a plain context, so no page needs next-intl's client. */}
        <ErrorTextsProvider
          texts={
            isInjected('error-page')
              ? { ...errorTextsOf(Errors), failForTest: true }
              : errorTextsOf(Errors)
          }
        >
          {children}
        </ErrorTextsProvider>
        <ScrollToTop />
        {/* Geo, consent banner, attribution, analytics, tab sync (issue 7). */}
        <TrackingRoot locale={locale} />
        {/* Global API answers (spec 8): error toasts and the Confirm logout dialog. */}
        <ApiFeedbackIsland locale={locale} />
      </body>
    </html>
  );
}
