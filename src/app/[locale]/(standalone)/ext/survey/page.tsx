import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FormsIntl } from '@/components/forms/forms-intl';
import { SurveyForm } from '@/components/forms/survey-form';
import { LogoLink } from '@/components/layout/logo-link';
import { Container } from '@/components/ui/container';
import { downloads } from '@/server/content/downloads';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/ext/survey', await pageText(locale, 'extSurvey'));
}

// Opened by the Chrome extension when it is removed (chrome.runtime.setUninstallURL), maybe
// with ?version=; no site navigation, one short form.
export default async function SurveyPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'extSurvey');
  const t = await getTranslations({ locale, namespace: 'Survey' });
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <LogoLink />
        <h1 className="mt-8 text-3xl font-bold tracking-tight sm:text-4xl">{text.heading}</h1>
        <p className="mt-3 text-lg text-slate-600">{text.description}</p>
        <p className="mt-2 text-slate-600">{t('intro')}</p>
        <div className="mt-8 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:p-6">
          <FormsIntl locale={locale} namespaces={['Forms', 'Survey']}>
            <SurveyForm reinstallUrl={downloads().apps.chrome.url} />
          </FormsIntl>
        </div>
      </div>
    </Container>
  );
}
