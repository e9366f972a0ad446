import 'server-only';
import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';

export type Values = Record<string, string | number>;
/** A translator for keys built at run time (per slug, per service), with the claims as values. */
export type Copy = ((key: string, values?: Values) => string) & {
  has: (key: string) => boolean;
};

type Loose = ((key: string, values?: Values) => string) & { has: (key: string) => boolean };

/**
 * Messages of one namespace for the marketing pages. Every message may quote a claim of spec 1
 * ({servers}, {encryption}, {days} …), so the formatted claims are always passed as values and a
 * page never hard-codes one.
 */
export async function copyFor(locale: Locale, namespace: string): Promise<Copy> {
  const t = (await getTranslations({ locale, namespace: namespace as 'Home' })) as unknown as Loose;
  const claims = claimValues(locale);
  const copy = (key: string, values: Values = {}) => t(key, { ...claims, ...values });
  copy.has = (key: string) => t.has(key);
  return copy;
}
