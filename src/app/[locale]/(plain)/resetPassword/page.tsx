import { setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth-card';
import { ResetPasswordForm } from '@/components/account/reset-password-form';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/resetPassword', await pageText(locale, 'resetPassword'));
}

export default async function ResetPasswordPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'resetPassword');
  return (
    <AuthCard locale={locale} title={text.heading}>
      <ResetPasswordForm />
    </AuthCard>
  );
}
