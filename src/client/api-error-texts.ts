import type { Locale } from '@/lib/locales';
import type en from '../../messages/en.json';

// The texts of API errors (ApiErrors, Toasts, Validation) in the page's language, handed over
// once by the layout's ApiFeedback (src/components/feedback/), which has them on every page. Forms word the errors they
// show on themselves with these, so no page has to put ApiErrors into its own provider.
// Plain data: no formatting code comes with it (use-server-error.ts formats).

/**
 * The texts the global API feedback uses, given by the layout
 * (src/components/feedback/api-feedback-island.tsx): the namespaces of messages/<locale>.json.
 */
export type ApiFeedbackMessages = Pick<
  typeof en,
  'ApiErrors' | 'Dialogs' | 'Toasts' | 'Validation'
>;

export interface ApiErrorTexts {
  locale: Locale;
  messages: ApiFeedbackMessages;
}

let current: ApiErrorTexts | null = null;

export function provideApiErrorTexts(texts: ApiErrorTexts): void {
  current = texts;
}

/** The page's API error texts; null before ApiFeedback has mounted (and in tests). */
export function apiErrorTexts(): ApiErrorTexts | null {
  return current;
}
