import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FormsIntl } from '@/components/forms/forms-intl';
import { NewsletterPanel } from '@/components/forms/newsletter-panel';
import { PrivacyNote } from '@/components/forms/privacy-note';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/edmsub', await pageText(locale, 'edmsub'));
}

// Also where the mailed links land: ?confirmed=1|0 and ?unsubscribe=<token> (read in the island).
export default async function NewsletterPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'edmsub');
  const t = await getTranslations({ locale, namespace: 'Newsletter' });
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <Card>
            <FormsIntl locale={locale} namespaces={['Forms', 'Newsletter']}>
              <NewsletterPanel />
            </FormsIntl>
            <div className="mt-6">
              <PrivacyNote locale={locale} />
            </div>
          </Card>
          <section aria-labelledby="newsletter-what-title">
            <h2 id="newsletter-what-title" className="text-xl font-bold">
              {t('whatTitle')}
            </h2>
            <ul className="mt-4 list-disc space-y-2 ps-5">
              {(['news', 'guides', 'offers'] as const).map((key) => (
                <li key={key}>{t(`what.${key}`)}</li>
              ))}
            </ul>
            <p className="mt-4 text-slate-700">{t('promise')}</p>
          </section>
        </div>
      </Container>
    </>
  );
}
