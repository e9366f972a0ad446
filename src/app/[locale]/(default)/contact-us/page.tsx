import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactForm } from '@/components/forms/contact-form';
import { FormsIntl } from '@/components/forms/forms-intl';
import { PrivacyNote } from '@/components/forms/privacy-note';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Link } from '@/i18n/navigation';
import { claimValues } from '@/lib/claim-values';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/contact-us', await pageText(locale, 'contactUs'));
}

export default async function ContactPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'contactUs');
  const t = await getTranslations({ locale, namespace: 'Contact' });
  const linkClass = 'mt-1 inline-block font-semibold text-accent-700 underline';
  return (
    <>
      <PageHeader title={text.heading} lede={text.description} />
      <Container className="py-10 sm:py-14">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-12">
          <section aria-labelledby="contact-form-title">
            <Card>
              <h2 id="contact-form-title" className="text-2xl font-bold">
                {t('formTitle')}
              </h2>
              <p className="mt-2 mb-6 text-slate-600">{t('formIntro')}</p>
              <FormsIntl locale={locale} namespaces={['Forms', 'Contact']}>
                <ContactForm />
              </FormsIntl>
              <div className="mt-6">
                <PrivacyNote locale={locale} />
              </div>
            </Card>
          </section>
          <aside aria-labelledby="contact-aside-title" className="space-y-5">
            <h2 id="contact-aside-title" className="text-xl font-bold">
              {t('asideTitle')}
            </h2>
            <div>
              <p>{t('asideFaq')}</p>
              <Link href="/faq" className={linkClass}>
                {t('asideFaqLink')}
              </Link>
            </div>
            <div>
              <p>{t('asideRefund')}</p>
              <Link href="/money-back-guarantee" className={linkClass}>
                {t('asideRefundLink')}
              </Link>
            </div>
            <p>{t('asideSupport', claimValues(locale))}</p>
          </aside>
        </div>
      </Container>
    </>
  );
}
