import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromotionInfo } from '@/client/payments';
import type { Locale } from '@/lib/locales';
import type { Plan } from '@/lib/plans/types';
import { promotions } from '@/server/db/schema';
import { currentPromotion } from '@/server/payments/promotion';
import en from '../../../messages/en.json';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../tests/support/test-db';
import { PromotionView } from './promotion-view';

// /promotion rendered on the server: the running offer with its countdown, and the ended
// state outside the window. The end-to-end server's seeded promotion has ended, so the active
// state is proven here.

const plan: Plan = {
  id: 'p24m',
  product_id: 'v2.tvpn.web.vip.usd.24m.off65.add3m',
  interval_count: 24,
  interval_unit: 'MONTH',
  price: '99.99',
  price_unit: '4.17',
  currency: 'USD',
  discount_percent: 65,
  is_recommend: true,
  renewal_price: '50.00',
  renewal_interval_count: 1,
  renewal_interval_unit: 'YEAR',
};

const now = Date.parse('2026-05-01T10:00:00Z');
const running: PromotionInfo = {
  id: 'may-2026',
  active: true,
  starts_at: '2026-04-28T00:00:00Z',
  // 2 days, 3 hours, 4 minutes and 5 seconds after `now`.
  ends_at: new Date(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000).toISOString(),
  money_back_days: 7,
  plan,
};

/** The view as the server renders it (English texts; `locale` formats the numbers). */
function render(promotion: PromotionInfo | null, locale: Locale = 'en', at = now) {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      // The children come as createElement's third argument.
      { locale, messages: en, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(PromotionView, { promotion, now: at, locale }),
    ),
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('PromotionView while the promotion runs', () => {
  const html = render(running);

  it('shows the plan, its price, the savings and the bonus', () => {
    expect(text(html)).toContain('24 months of premium');
    expect(text(html)).toContain('+3 months free included');
    expect(text(html)).toContain('$99.99 for the whole period');
    expect(text(html)).toContain('That is $4.17 a month.');
    expect(text(html)).toContain('Save 65%');
  });

  it('renders the countdown from the server time, two digits per part', () => {
    const units = [...html.matchAll(/data-unit="(\w+)"[^>]*><span[^>]*>(\d+)<\/span>/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(units).toEqual([
      ['days', '02'],
      ['hours', '03'],
      ['min', '04'],
      ['sec', '05'],
    ]);
    expect(html).toContain('role="timer"');
    expect(text(html)).toContain('Time left: 02 days, 03 hours, 04 minutes and 05 seconds');
    expect(text(html)).toContain('Offer ends in');
  });

  it('promises the promotion’s 7-day money-back guarantee and links to its checkout', () => {
    expect(text(html)).toContain('This offer comes with a 7-day money-back guarantee.');
    expect(html).toMatch(/<a [^>]*href="\/pricing\/checkout\/p24m"[^>]*>Get this offer<\/a>/);
  });

  it('formats the price for the visitor’s locale', () => {
    expect(text(render(running, 'de'))).toMatch(/99,99\s\$/);
  });

  it('pads days past 99 without cutting them', () => {
    const far = { ...running, ends_at: new Date(now + 120 * 86_400_000).toISOString() };
    expect(render(far)).toMatch(/data-unit="days"[^>]*><span[^>]*>120<\/span>/);
  });
});

describe('PromotionView outside the window', () => {
  it('says the offer has ended and sends the visitor to the plans', () => {
    const html = render({ ...running, active: false });
    expect(text(html)).toContain('This offer has ended');
    expect(html).not.toContain('role="timer"');
    expect(html).toMatch(/<a [^>]*href="\/pricing"[^>]*>See current plans<\/a>/);
    expect(html).not.toContain('/pricing/checkout/');
  });

  it('treats an active flag past its end (a late render) as ended', () => {
    const html = render(running, 'en', Date.parse(running.ends_at) + 1000);
    expect(text(html)).toContain('This offer has ended');
  });

  it('says no offer is running when none was ever set up', () => {
    const html = render(null);
    expect(text(html)).toContain('There is no offer running right now');
  });
});

describe('PromotionView from the promotion window in the database', () => {
  const testDb = fileTestDb();

  it('renders the seeded (ended) promotion as ended, and a running one with its offer', async () => {
    const db = testDb().handle.db;
    const at = Date.now();
    const seeded = await currentPromotion(db, new Date(at));
    expect(seeded).toMatchObject({ id: 'spring-2024', active: false });
    expect(text(render(seeded, 'en', at))).toContain('This offer has ended');

    await db.insert(promotions).values({
      id: 'running-now',
      planId: 'p12m',
      startsAt: new Date(at - 3600_000),
      endsAt: new Date(at + 86_400_000),
      moneyBackDays: 7,
    });
    const live = await currentPromotion(db, new Date(at));
    expect(live).toMatchObject({ id: 'running-now', active: true });
    const html = render(live, 'en', at);
    expect(text(html)).toContain('12 months of premium');
    expect(text(html)).toContain('$69.99 for the whole period');
    expect(html).toMatch(/data-unit="days"[^>]*><span[^>]*>01<\/span>/);
    expect(html).toMatch(/href="\/pricing\/checkout\/p12m"/);
  });
});
