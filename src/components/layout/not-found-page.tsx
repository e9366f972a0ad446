import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApiFeedbackIsland } from '@/components/feedback/api-feedback-island';
import { TrackingRoot } from '@/components/tracking/tracking-root';
import { defaultLocale, directionOf, type Locale, localizePath } from '@/lib/locales';
import { ShieldIcon } from '../ui/icons';
import { buttonClass } from '../ui/link-button';
import { LocaleScope } from './locale-scope';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

interface NotFoundTexts {
  message: string;
  hint: string;
  home: string;
}

async function notFoundTexts(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'Errors' });
  const common = await getTranslations({ locale, namespace: 'Common' });
  return {
    title: `${t('notFoundTitle')} | ${common('brand')}`,
    brand: common('brand'),
    logoLabel: common('logoLabel'),
    skip: common('skipToContent'),
    body: { message: t('notFound'), hint: t('notFoundHint'), home: t('goHome') },
  };
}

function NotFoundMain({ texts, home }: { texts: NotFoundTexts; home: string }) {
  return (
    <main id="main" className="mx-auto w-full max-w-[1200px] flex-1 px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{texts.message}</h1>
      <p className="mx-auto mt-4 max-w-[60ch] text-lg text-slate-600">{texts.hint}</p>
      <a href={home} className={buttonClass('primary', 'mt-8')}>
        {texts.home}
      </a>
    </main>
  );
}

/**
 * The 404 page in the URL's language, rendered per request: the site's header and footer (with
 * the language switcher), the message and a link home, the page's title in that language. The
 * proxy gives the request a nonce for its scripts (docs/security.md).
 */
export async function NotFoundPage({ locale }: { locale: Locale }) {
  setRequestLocale(locale);
  const texts = await notFoundTexts(locale);
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        {/* React puts both into the document's head. */}
        <title>{texts.title}</title>
        <meta name="robots" content="noindex" />
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-accent-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
        >
          {texts.skip}
        </a>
        <LocaleScope locale={locale}>
          <SiteHeader />
          <NotFoundMain texts={texts.body} home={localizePath(locale, '/')} />
          {/* The server cannot see the missing path: the switcher links home until it reads the URL. */}
          <SiteFooter switcherPath="/" />
          {/* As in every page (src/app/[locale]/layout.tsx): the cookie banner and the footer's
              cookie settings, page events, the account link's API feedback. */}
          <TrackingRoot locale={locale} />
          <ApiFeedbackIsland locale={locale} />
        </LocaleScope>
      </body>
    </html>
  );
}

/**
 * The not-found boundary of the root layout, in the payload of every page, so it stays small and
 * static: English, the logo and a link home. It shows only if a page calls notFound() while
 * rendering, which the site avoids (docs/architecture.md, "Not-found pages"). Only texts with an
 * explicit locale: the request's locale (or, without one, its headers) must not be read here.
 */
export async function NotFoundFallback() {
  const texts = await notFoundTexts(defaultLocale);
  return (
    <html lang={defaultLocale} dir="ltr">
      <body>
        {/* React puts both into the document's head. */}
        <title>{texts.title}</title>
        <meta name="robots" content="noindex" />
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex min-h-16 w-full max-w-[1200px] items-center px-4 sm:px-6">
            <a
              href="/"
              aria-label={texts.logoLabel}
              className="inline-flex min-h-11 items-center gap-2 text-lg font-bold no-underline"
            >
              <ShieldIcon className="text-accent-700" size={28} />
              <span>{texts.brand}</span>
            </a>
          </div>
        </header>
        <NotFoundMain texts={texts.body} home="/" />
      </body>
    </html>
  );
}
