import { getMessages } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { ApiFeedback } from './api-feedback';

/**
 * Mounts the global API feedback (toasts, logout dialog) with only the texts it needs, as plain
 * props: next-intl's client code is not on every page, and the part that formats the texts
 * loads with the first API error.
 */
export async function ApiFeedbackIsland({ locale }: { locale: Locale }) {
  const { ApiErrors, Dialogs, Toasts, Validation } = await getMessages({ locale });
  return <ApiFeedback locale={locale} messages={{ ApiErrors, Dialogs, Toasts, Validation }} />;
}
