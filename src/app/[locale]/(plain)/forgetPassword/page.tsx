import { setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth-card';
import { ForgotPasswordForm } from '@/components/account/forgot-password-form';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/forgetPassword', await pageText(locale, 'forgetPassword'));
}

export default async function ForgetPasswordPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'forgetPassword');
  return (
    <AuthCard locale={locale} title={text.heading}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
