import { useTranslations } from 'next-intl';
import { apiErrorText } from '@/client/api-feedback';
import { ApiRequestError } from '@/client/http';

/** The body code of a failed API call (the HTTP status when the body has none; 0 offline). */
export function errorCode(error: unknown): number {
  return error instanceof ApiRequestError ? error.body.code || error.status : 0;
}

/**
 * A failed call in the visitor's language, for showing it inline (the provider needs the
 * ApiErrors, Validation and Toasts messages).
 */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations();
  return (error) => (error instanceof ApiRequestError ? apiErrorText(t, error) : t('Toasts.error'));
}
