import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { Badge } from '../ui/badge';
import { LinkButton } from '../ui/link-button';

const includes = ['adFree', 'killSwitch', 'speed', 'allApps', 'servers', 'noLogs'] as const;

/** The recommended plan of spec 1 (24 months, 65% off, 4.17 USD a month), from src/lib/site.ts. */
export async function OfferCard({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Offer' });
  const values = claimValues(locale);
  return (
    <section
      aria-labelledby="offer-plan"
      className="mx-auto max-w-xl rounded-(--radius-dialog) border-2 border-accent-700 bg-white p-6 shadow-(--shadow-card) sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="offer-plan" className="text-xl font-bold">
          {t('planName', values)}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Badge tone="accent">{t('badge')}</Badge>
          <Badge tone="success">{t('save', values)}</Badge>
        </div>
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-bold text-navy-900">{values.price}</span>
        <span className="text-lg text-slate-600">{t('perMonthShort')}</span>
      </p>
      <h3 className="mt-6 font-semibold">{t('includesTitle')}</h3>
      <ul className="mt-3 space-y-2">
        {includes.map((key) => (
          <li key={key} className="flex gap-3">
            <span aria-hidden="true" className="font-bold text-success-700">
              ✓
            </span>
            <span>{t(key, values)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-6 rounded-(--radius-card) bg-slate-50 px-4 py-3 font-medium">
        {t('guarantee', values)}
      </p>
      <LinkButton href="/pricing" className="mt-6 w-full">
        {t('cta', values)}
      </LinkButton>
      <p className="mt-3 text-center text-sm text-slate-600">{t('note')}</p>
    </section>
  );
}
