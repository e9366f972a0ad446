import { setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth-card';
import { LoginForm } from '@/components/account/login-form';
import { config } from '@/server/config';
import { type LocaleParams, localeOf, metadataFor, pageText } from '@/server/seo/page-metadata';

// Static per locale: the form reads ?redirect= in the browser, and the reCAPTCHA site key is
// public configuration read when the page is built.
export async function generateMetadata({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return metadataFor(locale, '/login', await pageText(locale, 'login'));
}

export default async function LoginPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  const text = await pageText(locale, 'login');
  return (
    <AuthCard locale={locale} title={text.heading} lede={text.description}>
      <LoginForm recaptchaSiteKey={config().RECAPTCHA_SITE_KEY} />
    </AuthCard>
  );
}
