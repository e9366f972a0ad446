import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';

const facts = [
  'servers',
  'locations',
  'countries',
  'users',
  'encryption',
  'support',
  'moneyBack',
] as const;

/** The claims of spec 1 as a fact list (about page, press room); values from src/lib/site.ts. */
export async function FactsGrid({ locale, title }: { locale: Locale; title: string }) {
  const t = await getTranslations({ locale, namespace: 'Info.facts' });
  const values = claimValues(locale);
  return (
    <section aria-labelledby="facts-title">
      <h2 id="facts-title" className="text-xl font-bold sm:text-2xl">
        {title}
      </h2>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {facts.map((fact) => (
          <div
            key={fact}
            className="flex flex-col-reverse rounded-(--radius-card) border border-slate-200 bg-white p-4 shadow-(--shadow-card)"
          >
            <dt className="text-sm text-slate-600">{t(`${fact}Label`)}</dt>
            <dd className="text-xl font-bold text-navy-900 sm:text-2xl">{t(fact, values)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
