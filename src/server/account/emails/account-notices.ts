import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import type { Locale } from '@/lib/locales';
import { brand } from '@/lib/site';
import type { MailMessage } from '@/server/mail';
import { composeMail } from '@/server/mail/compose';
import { siteLink } from '@/server/mail/links';
import { codeLifetimeMinutes } from '../codes';

async function emailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Email' });
}

/** To the new address: the code that confirms it. */
export async function emailChangeCodeEmail(params: {
  to: string;
  code: string;
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailTranslator(params.locale);
  const values = { brand: brand.name, email: params.to, minutes: codeLifetimeMinutes };
  return composeMail({
    to: params.to,
    subject: t('emailChangeCode.subject', values),
    locale: params.locale,
    parts: [
      t('greeting'),
      t('emailChangeCode.intro', values),
      { code: params.code, size: 'large' },
      t('emailChangeCode.expiry', values),
      t('emailChangeCode.ignore', values),
      t('signature', values),
    ],
  });
}

/** To the old address, once the change is done: what changed, and what to do if it was not you. */
export async function emailChangedEmail(params: {
  to: string;
  newEmail: string;
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailTranslator(params.locale);
  const values = {
    brand: brand.name,
    email: params.newEmail,
    url: siteLink(params.locale, '/contact-us'),
  };
  return composeMail({
    to: params.to,
    subject: t('emailChanged.subject', values),
    locale: params.locale,
    parts: [
      t('greeting'),
      t('emailChanged.intro', values),
      t('emailChanged.notYou', values),
      t('signature', values),
    ],
  });
}

/** To the address of a deleted account: done, and what was kept. */
export async function accountDeletedEmail(params: {
  to: string;
  locale: Locale;
}): Promise<MailMessage> {
  const t = await emailTranslator(params.locale);
  const values = { brand: brand.name, email: params.to };
  return composeMail({
    to: params.to,
    subject: t('accountDeleted.subject', values),
    locale: params.locale,
    parts: [
      t('greeting'),
      t('accountDeleted.intro', values),
      t('accountDeleted.kept', values),
      t('accountDeleted.again', values),
      t('signature', values),
    ],
  });
}
