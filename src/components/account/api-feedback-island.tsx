import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { ApiFeedback } from './api-feedback';

/** Mounts the global API feedback (toasts, logout dialog) with only the texts it needs. */
export async function ApiFeedbackIsland({ locale }: { locale: Locale }) {
  const { Dialogs, Toasts } = await getMessages({ locale });
  return (
    <NextIntlClientProvider locale={locale} messages={{ Dialogs, Toasts }}>
      <ApiFeedback />
    </NextIntlClientProvider>
  );
}
