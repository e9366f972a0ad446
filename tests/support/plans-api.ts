// A fake plans API for the browser's plans cache and the purchase islands: two plans as the
// API answers them, its envelope, and a client that answers each request with the next answer.
import { createApiClient } from '../../src/client/http';
import type { Plan } from '../../src/lib/plans/types';

export const yearly: Plan = {
  id: '12',
  product_id: 'v2.tvpn.web.vip.usd.1y.off40',
  interval_count: 1,
  interval_unit: 'YEAR',
  price: '59.99',
  price_unit: '5.00',
  currency: 'USD',
  discount_percent: 40,
  is_recommend: true,
  renewal_price: '59.99',
  renewal_interval_count: 1,
  renewal_interval_unit: 'YEAR',
};

export const monthly: Plan = {
  ...yearly,
  id: '11',
  product_id: 'v2.tvpn.web.vip.usd.1m',
  interval_unit: 'MONTH',
  price: '11.99',
  price_unit: '11.99',
  renewal_price: '11.99',
  renewal_interval_unit: 'MONTH',
  discount_percent: 0,
  is_recommend: false,
};

/** The API's envelope around `data`. */
export const envelope = (data: unknown, code = 200, status = 200) =>
  new Response(JSON.stringify({ code, message: code === 200 ? 'ok' : 'failed', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake server: answers each request with the next of `answers` and keeps the requests. */
export function plansServer(...answers: (() => Response)[]) {
  const requests: Request[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    requests.push(new Request(new URL(String(input), 'https://www.example.test'), init));
    const answer = answers.shift();
    if (!answer) throw new TypeError('fetch failed');
    return answer();
  };
  return { requests, client: createApiClient(fetchImpl) };
}
