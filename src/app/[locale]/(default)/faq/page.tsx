import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FaqJsonLd } from '@/components/info/faq-json-ld';
import { FaqList } from '@/components/info/faq-list';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { claimValues } from '@/lib/claim-values';
import { loadFaq } from '@/server/content/load';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/faq', await pageText(locale, 'faq'));
}

export default async function FaqPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'faq');
  const t = await getTranslations({ locale, namespace: 'Faq' });
  const faq = loadFaq(locale);
  return (
    <>
      <FaqJsonLd entries={faq.entries} lang={faq.lang} />
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <div className="max-w-[52rem]">
          <FaqList entries={faq.entries} lang={faq.lang} dir={faq.dir} />
          <section
            aria-labelledby="faq-more"
            className="mt-12 rounded-(--radius-card) bg-accent-50 p-6 sm:p-8"
          >
            <h2 id="faq-more" className="text-xl font-bold sm:text-2xl">
              {t('moreTitle')}
            </h2>
            <p className="mt-2 max-w-[60ch] text-slate-700">{t('moreText', claimValues(locale))}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <LinkButton href="/contact-us">{t('contact')}</LinkButton>
              <LinkButton href="/money-back-guarantee" variant="secondary">
                {t('refunds')}
              </LinkButton>
            </div>
          </section>
        </div>
      </Container>
    </>
  );
}
