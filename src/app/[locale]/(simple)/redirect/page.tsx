import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/redirect', await pageText(locale, 'redirect'));
}

// Allowed targets never reach this page: the proxy forwards them (307) first
// (src/lib/redirect-allowlist.ts). Whoever lands here had a target we do not forward to, or none.
export default async function RedirectPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'redirect');
  const t = await getTranslations({ locale, namespace: 'Redirect' });
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <div className="max-w-[65ch] space-y-8">
          <section aria-labelledby="redirect-why-title">
            <h2 id="redirect-why-title" className="text-2xl font-bold">
              {t('whyTitle')}
            </h2>
            <p className="mt-3">{t('why')}</p>
            <p className="mt-3 rounded-lg border-s-4 border-warning-700 bg-slate-50 px-4 py-3">
              {t('careful')}
            </p>
          </section>
          <section aria-labelledby="redirect-next-title">
            <h2 id="redirect-next-title" className="text-2xl font-bold">
              {t('nextTitle')}
            </h2>
            <div className="mt-4 flex flex-wrap gap-3">
              <LinkButton href="/download">{t('download')}</LinkButton>
              <LinkButton href="/" variant="secondary">
                {t('home')}
              </LinkButton>
            </div>
          </section>
        </div>
      </Container>
    </>
  );
}
