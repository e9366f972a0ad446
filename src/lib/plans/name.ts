// A plan's name in the visitor's language, from the `Plans` messages: the period sold
// ("24 months"), the bonus ("+3 months free") and the free trial ("7-day free trial").
import type { IntervalUnit, PlanView } from './types';

/** The `Plans` message keys this module uses. */
export type PlansMessageKey =
  | `period.${IntervalUnit}`
  | `trialPeriod.${IntervalUnit}`
  | 'bonus'
  | 'trial';

/**
 * What `useTranslations('Plans')` / `getTranslations('Plans')` return, reduced to what is used
 * here; next-intl's typed translator fits it, and the keys are checked against en.json.
 */
export type PlansTranslator = (
  key: PlansMessageKey,
  values?: Record<string, string | number>,
) => string;

export interface PlanName {
  /** The period sold, e.g. "24 months". */
  period: string;
  /** The bonus period, e.g. "+3 months free"; absent when the plan has none. */
  bonus?: string;
  /** The free trial, e.g. "7-day free trial"; absent when the plan has none. */
  trial?: string;
}

type NamedView = Pick<PlanView, 'originCount' | 'originUnit' | 'addCount' | 'addUnit'> &
  Pick<PlanView, 'tryCount' | 'tryUnit'>;

/** The parts of a plan's name, translated with `t` (the `Plans` namespace). */
export function planName(t: PlansTranslator, view: NamedView): PlanName {
  const name: PlanName = {
    period: t(`period.${view.originUnit}`, { count: view.originCount }),
  };
  if (view.addCount !== undefined && view.addUnit !== undefined) {
    name.bonus = t('bonus', { period: t(`period.${view.addUnit}`, { count: view.addCount }) });
  }
  if (view.tryCount !== undefined && view.tryUnit !== undefined) {
    name.trial = t('trial', {
      period: t(`trialPeriod.${view.tryUnit}`, { count: view.tryCount }),
    });
  }
  return name;
}
