import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import './globals.css';
import { CompactFooter } from '@/components/layout/site-footer';
import { MinimalHeader } from '@/components/layout/site-header';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { directionOf, isLocale } from '@/lib/locales';

// Every unknown path ends here (there is no catch-all route and dynamic segments only accept
// their known values), because Next renders this route fully on the server with a 404 status.
// The proxy tells it the visitor's locale.
export default async function NotFound() {
  const requested = (await headers()).get('x-next-intl-locale');
  const locale = isLocale(requested) ? requested : 'en';
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Errors' });
  const common = await getTranslations({ locale, namespace: 'Common' });
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        <title>{`${t('notFoundTitle')} | ${common('brand')}`}</title>
        <meta name="robots" content="noindex" />
        <NextIntlClientProvider locale={locale} messages={null}>
          <MinimalHeader />
          <main id="main" className="flex-1">
            <Container className="py-20 text-center">
              <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">404</p>
              <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t('notFound')}</h1>
              <p className="mx-auto mt-4 max-w-[60ch] text-lg text-slate-600">
                {t('notFoundHint')}
              </p>
              <LinkButton href="/" className="mt-8">
                {t('goHome')}
              </LinkButton>
            </Container>
          </main>
          <CompactFooter />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
