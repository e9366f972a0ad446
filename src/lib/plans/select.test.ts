import { describe, expect, it } from 'vitest';
import { selectPlan } from './select';

const plan = (id: string, product_id: string, is_recommend = false) => ({
  id,
  product_id,
  is_recommend,
});

const monthly = plan('11', 'v2.tvpn.web.vip.usd.1m');
const yearly = plan('12', 'v2.tvpn.web.vip.usd.1y.off40', true);
const twoYears = plan('13', 'v2.tvpn.web.vip.usd.24m.off65');
const plans = [monthly, yearly, twoYears];

describe('selectPlan', () => {
  it('selects the plan whose id the query names', () => {
    expect(selectPlan(plans, '13')).toBe(twoYears);
    expect(selectPlan(plans, '11')).toBe(monthly);
  });

  it('selects the plan whose product_id the query names', () => {
    expect(selectPlan(plans, 'v2.tvpn.web.vip.usd.24m.off65')).toBe(twoYears);
  });

  it('ignores spaces around the query value', () => {
    expect(selectPlan(plans, ' 13 ')).toBe(twoYears);
  });

  it('matches whole values only', () => {
    expect(selectPlan(plans, '1')).toBe(yearly);
    expect(selectPlan(plans, 'v2.tvpn.web.vip.usd.24m')).toBe(yearly);
  });

  it.each([
    ['no match', 'nope'],
    ['an empty query', ''],
    ['a blank query', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('falls back to the recommended plan on %s', (_label, query) => {
    expect(selectPlan(plans, query)).toBe(yearly);
  });

  it('takes the first recommended plan when several are', () => {
    const alsoBest = plan('14', 'other', true);
    expect(selectPlan([monthly, alsoBest, yearly], 'nope')).toBe(alsoBest);
  });

  it('falls back to the first plan when none is recommended', () => {
    expect(selectPlan([twoYears, monthly], 'nope')).toBe(twoYears);
    expect(selectPlan([twoYears, monthly])).toBe(twoYears);
  });

  it('prefers the named plan over the recommended one', () => {
    expect(selectPlan(plans, '11')).toBe(monthly);
  });

  it('gives undefined for an empty list', () => {
    expect(selectPlan([], '11')).toBeUndefined();
    expect(selectPlan([])).toBeUndefined();
  });
});
