// The pricing plans in the browser: fetched from the plans API and kept in local storage for
// ten minutes per channel and referrer, so moving between pricing pages costs no request.
// Only a usable answer is stored: a failure, or an answer without a usable plan, is asked
// again next time. A page that rendered the plans on the server seeds the same entry with
// them (seedPlans). This module is the only code in the browser that requests plans: the
// purchase islands load them through fetchPlans / refreshPlans (components/pricing/island-plans).

import type { Plan } from '@/lib/plans/types';
import { isPlan, usablePlans } from '@/lib/plans/validate';
import { currentChannel } from './attribution';
import { type ApiClient, ApiRequestError, api } from './http';
import { getTimed, local, removeItem, type StorageLike, setTimed } from './storage';

export const plansPath = '/api/mms/payment/v1/providers/plans';
export const plansTtlMs = 10 * 60_000;

export interface PlansOptions {
  /** The sales channel (`?channel=` or its cookie); sent as the `channel` query value. */
  channel?: string;
  /** Where the visitor came from; sent as the `X-From` header. */
  from?: string;
}

/** Where plans are fetched and kept; the site's client and local storage unless given. */
export interface PlansDependencies {
  client?: ApiClient;
  storage?: StorageLike;
}

/**
 * The channel and referrer of this page in the browser, chosen as the server chooses them: the
 * channel plan requests use (`currentChannel()`: the `channel` query value, else the channel
 * cookie) and the page request's X-From, which only the server sees and hands down (`from`).
 */
export function browserPlansOptions(from?: string | null, search?: string): PlansOptions {
  const channel = currentChannel(search);
  return { ...(channel ? { channel } : {}), ...(from ? { from } : {}) };
}

/** The storage key of one channel and referrer (JSON, so no value can pass for another). */
export function plansCacheKey({ channel, from }: PlansOptions): string {
  return `plans:${JSON.stringify([channel || null, from || null])}`;
}

/** Keeps a non-empty list of usable plans as the fresh answer for `key` (else nothing). */
function keepPlans(key: string, plans: Plan[], storage: StorageLike | undefined): void {
  if (plans.length > 0) setTimed(key, plans, plansTtlMs, storage);
}

/** The cached list, when it is still fresh and every entry is still a usable plan. */
function cachedPlans(key: string, storage: StorageLike | undefined): Plan[] | undefined {
  const cached = getTimed<unknown>(key, storage);
  return Array.isArray(cached) && cached.length > 0 && cached.every(isPlan) ? cached : undefined;
}

async function requestPlans(
  options: PlansOptions,
  client: ApiClient,
  storage: StorageLike | undefined,
  key: string,
): Promise<Plan[]> {
  const data = await client.request<unknown>(plansPath, {
    query: { channel: options.channel || undefined },
    headers: options.from ? { 'X-From': options.from } : undefined,
  });
  const plans =
    typeof data === 'object' && data !== null
      ? usablePlans((data as { plans?: unknown }).plans)
      : null;
  if (!plans) {
    throw new ApiRequestError(200, { code: 0, message: 'The plans answer has no plan list' });
  }
  keepPlans(key, plans, storage);
  return plans;
}

// One request per key at a time: a page asking twice while the first answer is on its way
// (the pricing table and the checkout summary) shares it.
const pending = new Map<string, Promise<Plan[]>>();

/**
 * The plans for `channel` and `from`: the cached list while it is fresh, else the API's
 * (GET /api/mms/payment/v1/providers/plans), which is then cached for ten minutes. Rejects
 * with the client's ApiRequestError when the request fails or the answer has no plan list;
 * malformed plans are left out.
 */
export function fetchPlans(
  options: PlansOptions,
  { client = api, storage = local() }: PlansDependencies = {},
): Promise<Plan[]> {
  const key = plansCacheKey(options);
  const cached = cachedPlans(key, storage);
  if (cached) return Promise.resolve(cached);
  let request = pending.get(key);
  if (!request) {
    request = requestPlans(options, client, storage, key).finally(() => pending.delete(key));
    pending.set(key, request);
  }
  return request;
}

/**
 * Stores a list the page already has (the plans the server rendered it with, which GET
 * providers/plans would answer for `options`) as the fresh answer for `options`, for ten
 * minutes, so the next page that needs them in this browser makes no request. Kept as an
 * answer is: malformed plans are left out, and a list without a usable plan is not stored.
 */
export function seedPlans(
  options: PlansOptions,
  plans: readonly unknown[],
  { storage = local() }: Pick<PlansDependencies, 'storage'> = {},
): void {
  keepPlans(plansCacheKey(options), usablePlans(plans) ?? [], storage);
}

/**
 * The API's current plans for `channel` and `from`, whatever is cached (e.g. after a checkout
 * answered that its plan does not exist): the cached list is dropped first, then loaded as
 * fetchPlans does, and cached again.
 */
export function refreshPlans(
  options: PlansOptions,
  { client = api, storage = local() }: PlansDependencies = {},
): Promise<Plan[]> {
  removeItem(storage, plansCacheKey(options));
  return fetchPlans(options, { client, storage });
}
