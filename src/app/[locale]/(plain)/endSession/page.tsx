import { setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth-card';
import { EndSessionForm } from '@/components/account/end-session-form';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/endSession', await pageText(locale, 'endSession'));
}

/** The new-browser mail's link (`#token=…`): signs that one browser out, without signing in. */
export default async function EndSessionPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'endSession');
  return (
    <AuthCard locale={locale} title={text.heading}>
      <EndSessionForm />
    </AuthCard>
  );
}
