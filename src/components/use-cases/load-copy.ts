import 'server-only';
import type { Locale } from '@/lib/locales';
import { copyFor } from '../marketing/copy';
import type { UseCaseCopy } from './use-case-child';

/** The four namespaces the use-case templates read. */
export async function loadUseCaseCopy(locale: Locale): Promise<UseCaseCopy> {
  const [page, names, features, home] = await Promise.all([
    copyFor(locale, 'UseCasePage'),
    copyFor(locale, 'UseCases'),
    copyFor(locale, 'Features'),
    copyFor(locale, 'Home'),
  ]);
  return { page, names, features, home };
}
