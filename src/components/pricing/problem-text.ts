import { useTranslations } from 'next-intl';
import { ApiRequestError } from '@/client/http';
import { problemOf } from '@/client/payments';

/**
 * A failed payments call in the purchase pages' words (the Checkout messages): the known
 * problems by name, else the API's own message, else a generic one. `windows`: the Windows
 * app's pages, where an ended sign-in means opening the page from the app again.
 */
export function useProblemText(windows = false): (error: unknown) => string {
  const t = useTranslations('Checkout');
  return (error) => {
    const problem = problemOf(error);
    if (problem === 'signInExpired' && windows) return t('win.expired');
    if (problem !== 'generic') return t(`errors.${problem}`);
    return error instanceof ApiRequestError && error.body.message && error.body.message !== 'Error'
      ? error.body.message
      : t('errors.generic');
  };
}
