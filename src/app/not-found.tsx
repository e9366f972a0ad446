import { getTranslations } from 'next-intl/server';
import './globals.css';
import { ShieldIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/link-button';
import { defaultLocale, directionOf, locales, localizePath } from '@/lib/locales';

// Every unknown path ends here: the proxy rewrites it to a path no route matches, and Next serves
// this page, prerendered, with status 404. It must stay static — Next renders the not-found
// element into every page's payload, so a request API here (headers(), cookies()) would make the
// whole site dynamic. It therefore carries its texts in all 18 languages; the script below shows
// the one of the URL's locale before the first paint, and English shows without JavaScript.
const prefixPattern = locales.filter((l) => l !== defaultLocale).join('|');
const chooseLocale = `(function(){var m=location.pathname.match(/^\\/(${prefixPattern})(?:\\/|$)/);var l=m?m[1]:'en';var h=document.documentElement;h.lang=l;h.dir=l==='ar'?'rtl':'ltr';h.setAttribute('data-locale',l);var t=document.querySelector('[data-nf="'+l+'"] h1');if(t)document.title=t.textContent+' | Turbo VPN';})();`;
const showChosen = [
  '[data-nf]{display:none}',
  `html:not([data-locale]) [data-nf="${defaultLocale}"]{display:block}`,
  ...locales.map((l) => `html[data-locale="${l}"] [data-nf="${l}"]{display:block}`),
].join('');

export default async function NotFound() {
  const texts = await Promise.all(
    locales.map(async (locale) => {
      const t = await getTranslations({ locale, namespace: 'Errors' });
      const common = await getTranslations({ locale, namespace: 'Common' });
      return {
        locale,
        brand: common('brand'),
        logoLabel: common('logoLabel'),
        title: t('notFoundTitle'),
        message: t('notFound'),
        hint: t('notFoundHint'),
        home: t('goHome'),
      };
    }),
  );
  const english = texts.find((text) => text.locale === defaultLocale) ?? texts[0];
  return (
    <html lang={defaultLocale} dir="ltr" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own, built from the locale list. */}
        <script dangerouslySetInnerHTML={{ __html: chooseLocale }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant CSS built from the locale list. */}
        <style dangerouslySetInnerHTML={{ __html: showChosen }} />
        <title>{`${english?.title} | ${english?.brand}`}</title>
        <meta name="robots" content="noindex" />
      </head>
      <body>
        {texts.map((text) => {
          const home = localizePath(text.locale, '/');
          return (
            <div
              key={text.locale}
              data-nf={text.locale}
              lang={text.locale}
              dir={directionOf(text.locale)}
            >
              <header className="border-b border-slate-200 bg-white">
                <div className="mx-auto flex min-h-16 w-full max-w-[1200px] items-center px-4 sm:px-6">
                  <a
                    href={home}
                    aria-label={text.logoLabel}
                    className="inline-flex min-h-11 items-center gap-2 text-lg font-bold no-underline"
                  >
                    <ShieldIcon className="text-accent-700" size={28} />
                    <span>{text.brand}</span>
                  </a>
                </div>
              </header>
              <main
                id={text.locale === defaultLocale ? 'main' : undefined}
                className="mx-auto w-full max-w-[1200px] px-4 py-20 text-center sm:px-6"
              >
                <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">404</p>
                <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{text.message}</h1>
                <p className="mx-auto mt-4 max-w-[60ch] text-lg text-slate-600">{text.hint}</p>
                <a href={home} className={buttonClass('primary', 'mt-8')}>
                  {text.home}
                </a>
              </main>
            </div>
          );
        })}
      </body>
    </html>
  );
}
