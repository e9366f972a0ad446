import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import type { Locale } from '@/lib/locales';
import { brand } from '@/lib/site';
import type { MailMessage } from '@/server/mail';
import { composeMail } from '@/server/mail/compose';
import { codeLifetimeMinutes } from '../codes';

/** The password-reset code email in the reader's language: plain text and simple HTML. */
export async function resetCodeEmail(params: {
  to: string;
  code: string;
  locale: Locale;
}): Promise<MailMessage> {
  const messages = await loadMessages(params.locale);
  const t = createTranslator({ locale: params.locale, messages, namespace: 'Email' });
  const values = { brand: brand.name, minutes: codeLifetimeMinutes };
  const subject = t('resetCode.subject', values);
  return composeMail({
    to: params.to,
    subject,
    locale: params.locale,
    parts: [
      t('greeting'),
      t('resetCode.intro', values),
      { code: params.code, size: 'large' },
      t('resetCode.expiry', values),
      t('resetCode.ignore', values),
      t('signature', values),
    ],
  });
}
