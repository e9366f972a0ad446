import { getTranslations } from 'next-intl/server';
import { claimValues } from '@/lib/claim-values';
import type { Locale } from '@/lib/locales';
import { refundPolicy } from '@/lib/site';

/** The three numbers of the refund policy (spec 9), above the full text. */
export async function RefundFacts({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'MoneyBack' });
  const number = new Intl.NumberFormat(locale);
  const values = {
    ...claimValues(locale),
    replyDays: number.format(refundPolicy.replyWorkingDays),
    refundDays: number.format(refundPolicy.processWorkingDays),
  };
  const facts = [
    { value: t('windowValue', values), label: t('windowLabel') },
    { value: t('replyValue', values), label: t('replyLabel') },
    { value: t('refundValue', values), label: t('refundLabel') },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {facts.map((fact) => (
        <li
          key={fact.label}
          className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card)"
        >
          <p className="text-2xl font-bold text-navy-900">{fact.value}</p>
          <p className="mt-1 text-slate-600">{fact.label}</p>
        </li>
      ))}
    </ul>
  );
}
