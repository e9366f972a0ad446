import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages, type Messages } from '@/i18n/messages';
import type { Locale } from '@/lib/locales';

type Namespace = 'Forms' | 'Contact' | 'Newsletter' | 'Survey';

/** A translator for one of the forms' namespaces, for mails and API messages. */
export async function formText<N extends Namespace>(locale: Locale, namespace: N) {
  const messages: Messages = await loadMessages(locale);
  return createTranslator({ locale, messages, namespace });
}
