import { useTranslations } from 'next-intl';
import type { PromotionInfo } from '@/client/payments';
import { claimValues } from '@/lib/claim-values';
import { countdown } from '@/lib/countdown';
import type { Locale } from '@/lib/locales';
import { planName } from '@/lib/plans/name';
import { derivePlan } from '@/lib/plans/product-id';
import { claims } from '@/lib/site';
import { Badge } from '../ui/badge';
import { LinkButton } from '../ui/link-button';
import { PromotionCountdown } from './promotion-countdown';

/**
 * /promotion's body (spec 9): the running offer with its countdown, or, outside the window,
 * that the offer has ended (or that none is running) with the way to the regular plans. The
 * countdown island needs the Promotion messages on the client.
 */
export function PromotionView({
  promotion,
  now,
  locale,
}: {
  promotion: PromotionInfo | null;
  /** The render time (ms since the epoch): the countdown starts from it. */
  now: number;
  locale: Locale;
}) {
  const ended = <NoOffer locale={locale} ended={promotion !== null} />;
  if (!promotion?.active) return ended;
  const endsAt = Date.parse(promotion.ends_at);
  const initial = countdown(endsAt, now);
  if (initial.done) return ended;
  return (
    <PromotionCountdown initial={initial} remainingMs={endsAt - now} ended={ended}>
      <ActiveOffer promotion={promotion} locale={locale} />
    </PromotionCountdown>
  );
}

function ActiveOffer({ promotion, locale }: { promotion: PromotionInfo; locale: Locale }) {
  const t = useTranslations('Promotion');
  const tp = useTranslations('Plans');
  const view = derivePlan(promotion.plan, locale);
  const name = planName(tp, view);
  return (
    <div className="mt-6" data-promotion={promotion.id}>
      <p>
        <Badge tone="accent">{t('activeTitle')}</Badge>
      </p>
      <h2 className="mt-3 text-2xl font-bold sm:text-3xl">
        {t('offerPlan', { plan: name.period })}
      </h2>
      {name.bonus ? <p className="mt-1 text-lg">{t('offerBonus', { bonus: name.bonus })}</p> : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {view.money ? (
          <p className="text-3xl font-bold text-navy-900" data-price>
            {t('offerPrice', { price: view.money })}
          </p>
        ) : null}
        {view.savingsPercent > 0 ? (
          <Badge tone="success">{t('offerSave', { percent: view.savingsPercent })}</Badge>
        ) : null}
      </div>
      {view.monthly ? (
        <p className="mt-2 text-slate-700">{t('offerMonthly', { price: view.monthly })}</p>
      ) : null}
      <p className="mt-4 font-medium text-navy-900">
        {t('promotionGuarantee', { days: claims.promotionMoneyBackDays })}
      </p>
      <LinkButton
        href={`/pricing/checkout/${encodeURIComponent(promotion.plan.id)}`}
        className="mt-6"
      >
        {t('getOffer')}
      </LinkButton>
    </div>
  );
}

/** Outside the window: the offer has ended (or none was ever set up); regular plans instead. */
function NoOffer({ locale, ended }: { locale: Locale; ended: boolean }) {
  const t = useTranslations('Promotion');
  const values = { ...claimValues(locale), promotionDays: claims.promotionMoneyBackDays };
  return (
    <div data-promotion-state={ended ? 'ended' : 'none'}>
      <h2 className="text-xl font-bold sm:text-2xl">{ended ? t('endedTitle') : t('noneTitle')}</h2>
      <p className="mt-3 text-slate-700">{t('noneText')}</p>
      <p className="mt-3 text-slate-700">{t('guaranteeText', values)}</p>
      <p className="mt-3 font-medium text-navy-900">{t('bestDeal', values)}</p>
      <LinkButton href="/pricing" className="mt-6">
        {t('cta')}
      </LinkButton>
    </div>
  );
}
