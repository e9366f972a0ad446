import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { browserLabel, countryName } from '@/lib/browser-place';
import type { Locale } from '@/lib/locales';
import { brand } from '@/lib/site';
import type { MailMessage } from '@/server/mail';
import { composeMail } from '@/server/mail/compose';
import { siteLink } from '@/server/mail/links';

/**
 * The mail about a sign-in from a browser the account had not used: which browser, where from,
 * when, and where to sign it out (the account page's "Signed-in browsers").
 */
export async function newSignInEmail(params: {
  to: string;
  locale: Locale;
  browser: string | null;
  os: string | null;
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country: string;
  at: Date;
  /** The one-time token of the link that signs this browser out (the page reads `#token=`). */
  endToken: string;
}): Promise<MailMessage> {
  const { locale } = params;
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Email' });
  const ta = createTranslator({ locale, messages, namespace: 'Account' });
  const browser = browserLabel(
    params,
    (name, os) => ta('sessions.on', { browser: name, os }),
    ta('sessions.unknownBrowser'),
  );
  const country = params.country ? countryName(params.country, locale) : '—';
  const values = {
    brand: brand.name,
    email: params.to,
    browser,
    country,
    time: params.at.toISOString().slice(0, 16).replace('T', ' '),
    url: siteLink(locale, '/myAccount'),
    // In the fragment: browsers never send it to a server, so it stays out of logs and Referer.
    endUrl: `${siteLink(locale, '/endSession')}#token=${params.endToken}`,
  };
  return composeMail({
    to: params.to,
    subject: t('newSignIn.subject', values),
    locale,
    parts: [
      t('greeting'),
      t('newSignIn.intro', values),
      t('newSignIn.ok'),
      t('newSignIn.endLink', values),
      t('newSignIn.notYou', values),
      t('signature', values),
    ],
  });
}
