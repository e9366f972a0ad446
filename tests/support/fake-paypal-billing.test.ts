// The fake PayPal's Catalog Products and Subscriptions endpoints, driven over HTTP with fetch as
// an adapter would: shapes, state changes, replays, errors, faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayPal, startFakePayPal } from './fake-paypal';

// biome-ignore lint/suspicious/noExplicitAny: PayPal's answers are inspected field by field below
type Body = Record<string, any>;

interface Reply {
  status: number;
  body: Body;
  text: string;
  headers: Headers;
}

const RETURN_URL = 'https://www.turbovpn.test/subscribe/return';
const CANCEL_URL = 'https://www.turbovpn.test/subscribe/cancel';
const MONTH_MS = 28 * 24 * 3_600_000;

let fake: FakePayPal;
let token = '';
let counter = 0;

async function newToken(): Promise<string> {
  const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
  const res = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await res.json()) as Body;
  return body.access_token as string;
}

async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Body = {};
  try {
    parsed = text ? (JSON.parse(text) as Body) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

function full(requestId?: string): Record<string, string> {
  return {
    prefer: 'return=representation',
    ...(requestId ? { 'paypal-request-id': requestId } : {}),
  };
}

function price(value: string, currency = 'USD') {
  return { fixed_price: { value, currency_code: currency } };
}

function regular(value: string, unit = 'MONTH', sequence = 1, total = 0) {
  return {
    frequency: { interval_unit: unit, interval_count: 1 },
    tenure_type: 'REGULAR',
    sequence,
    total_cycles: total,
    pricing_scheme: price(value),
  };
}

async function createProduct(): Promise<string> {
  const res = await api('POST', '/v1/catalogs/products', {
    name: 'Turbo VPN Premium',
    type: 'SERVICE',
    category: 'SOFTWARE',
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createPlan(productId: string, overrides: Body = {}): Promise<string> {
  const res = await api('POST', '/v1/billing/plans', {
    product_id: productId,
    name: 'Premium monthly',
    billing_cycles: [regular('9.99')],
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 0 },
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function createSubscription(planId: string, overrides: Body = {}): Promise<Body> {
  counter += 1;
  const res = await api(
    'POST',
    '/v1/billing/subscriptions',
    {
      plan_id: planId,
      custom_id: `sub_${counter}`,
      application_context: {
        brand_name: 'Turbo VPN',
        user_action: 'SUBSCRIBE_NOW',
        return_url: RETURN_URL,
        cancel_url: CANCEL_URL,
      },
      ...overrides,
    },
    full(),
  );
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function activeSubscription(planId: string, overrides: Body = {}): Promise<string> {
  const created = await createSubscription(planId, overrides);
  fake.approveSubscription(created.id);
  return created.id as string;
}

async function getSubscription(id: string): Promise<Body> {
  const res = await api('GET', `/v1/billing/subscriptions/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

function approveHref(subscription: Body): string {
  const approve = (subscription.links as Body[]).find((l) => l.rel === 'approve');
  return approve?.href as string;
}

async function submitPage(href: string, action: 'approve' | 'cancel'): Promise<Response> {
  const target = new URL(href);
  return fetch(`${target.origin}${target.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ba_token: target.searchParams.get('ba_token') ?? '',
      action,
    }).toString(),
    redirect: 'manual',
  });
}

function window(fromMs = Date.now() - 60_000, toMs = Date.now() + 60_000): string {
  return new URLSearchParams({
    start_time: new Date(fromMs).toISOString(),
    end_time: new Date(toMs).toISOString(),
  }).toString();
}

// One calendar month later; from the 31st to the last day of a shorter month.
function monthLater(time: string): string {
  const date = new Date(time);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

beforeAll(async () => {
  fake = await startFakePayPal({ slowMs: 300 });
  token = await newToken();
});

afterAll(async () => {
  await fake.close();
});

describe('catalog products', () => {
  it('creates a product (minimal by default, whole with return=representation) and shows it', async () => {
    const minimal = await api('POST', '/v1/catalogs/products', {
      name: 'Turbo VPN',
      description: 'A VPN',
      type: 'SERVICE',
      category: 'SOFTWARE',
    });
    expect(minimal.status).toBe(201);
    expect(minimal.body.id).toMatch(/^PROD-[A-Z0-9]{17}$/);
    expect(Object.keys(minimal.body).sort()).toEqual(
      ['create_time', 'description', 'id', 'links', 'name'].sort(),
    );

    const whole = await api(
      'POST',
      '/v1/catalogs/products',
      { id: 'turbo-vpn-2', name: 'Turbo VPN 2', type: 'DIGITAL' },
      full(),
    );
    expect(whole.status).toBe(201);
    expect(whole.body).toMatchObject({
      id: 'turbo-vpn-2',
      name: 'Turbo VPN 2',
      type: 'DIGITAL',
      create_time: expect.any(String),
      update_time: expect.any(String),
    });
    expect(whole.body.links).toContainEqual({
      href: `${fake.url}/v1/catalogs/products/turbo-vpn-2`,
      rel: 'self',
      method: 'GET',
    });

    const shown = await api('GET', `/v1/catalogs/products/${minimal.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id: minimal.body.id,
      name: 'Turbo VPN',
      description: 'A VPN',
      type: 'SERVICE',
      category: 'SOFTWARE',
    });
  });

  it('replays a PayPal-Request-Id and refuses a taken id with another one', async () => {
    const body = { id: 'vpn-replayed', name: 'Replayed', type: 'SERVICE' };
    const first = await api('POST', '/v1/catalogs/products', body, full('product-1'));
    const again = await api('POST', '/v1/catalogs/products', body, full('product-1'));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const taken = await api('POST', '/v1/catalogs/products', body, full('product-2'));
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      debug_id: expect.any(String),
      details: [{ issue: 'DUPLICATE_RESOURCE_IDENTIFIER' }],
    });
  });

  it('answers 400 for a missing name or type, a PROD- id, and 404 for an unknown product', async () => {
    const noName = await api('POST', '/v1/catalogs/products', { type: 'SERVICE' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ field: '/name', issue: 'MISSING_REQUIRED_PARAMETER' }],
    });
    const noType = await api('POST', '/v1/catalogs/products', { name: 'VPN' });
    expect(noType.body.details[0]).toMatchObject({
      field: '/type',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const badType = await api('POST', '/v1/catalogs/products', { name: 'VPN', type: 'CLOUD' });
    expect(badType.body.details[0].issue).toBe('INVALID_PARAMETER_VALUE');
    const prefixed = await api('POST', '/v1/catalogs/products', {
      id: 'PROD-MINE123',
      name: 'VPN',
      type: 'SERVICE',
    });
    expect(prefixed.status).toBe(400);
    expect(prefixed.body.details[0].issue).toBe('INVALID_PARAMETER_SYNTAX');

    const unknown = await api('GET', '/v1/catalogs/products/PROD-NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [{ issue: 'INVALID_RESOURCE_ID' }],
    });
  });
});

describe('plans', () => {
  it('creates a plan with trial and regular cycles and shows it whole', async () => {
    const productId = await createProduct();
    const res = await api(
      'POST',
      '/v1/billing/plans',
      {
        product_id: productId,
        name: 'Premium with trial',
        description: 'One week free, then monthly',
        billing_cycles: [
          regular('9.99', 'MONTH', 2, 12),
          {
            frequency: { interval_unit: 'WEEK', interval_count: 1 },
            tenure_type: 'TRIAL',
            sequence: 1,
            total_cycles: 1,
          },
        ],
        payment_preferences: { payment_failure_threshold: 3 },
      },
      full('plan-1'),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^P-[A-Z0-9]{24}$/),
      product_id: productId,
      name: 'Premium with trial',
      status: 'ACTIVE',
      description: 'One week free, then monthly',
      usage_type: 'LICENSED',
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: 'CANCEL',
        payment_failure_threshold: 3,
      },
      quantity_supported: false,
    });
    const cycles = res.body.billing_cycles as Body[];
    expect(cycles.map((c) => [c.tenure_type, c.sequence])).toEqual([
      ['TRIAL', 1],
      ['REGULAR', 2],
    ]);
    expect(cycles[0]?.pricing_scheme).toBeUndefined();
    expect(cycles[1]).toMatchObject({
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      total_cycles: 12,
      pricing_scheme: { version: 1, fixed_price: { value: '9.99', currency_code: 'USD' } },
    });

    const replay = await api('POST', '/v1/billing/plans', {}, full('plan-1'));
    expect(replay.body.id).toBe(res.body.id);
    const shown = await api('GET', `/v1/billing/plans/${res.body.id}`);
    expect(shown.body).toEqual({ ...res.body, links: shown.body.links });
  });

  it('answers a minimal plan without Prefer', async () => {
    const productId = await createProduct();
    const res = await api('POST', '/v1/billing/plans', {
      product_id: productId,
      name: 'Minimal',
      status: 'CREATED',
      billing_cycles: [regular('5.00')],
      payment_preferences: {},
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      ['create_time', 'id', 'links', 'name', 'product_id', 'status', 'usage_type'].sort(),
    );
    expect(res.body.status).toBe('CREATED');
  });

  it('validates the plan as PayPal does', async () => {
    const productId = await createProduct();
    const base = {
      product_id: productId,
      name: 'Invalid',
      billing_cycles: [regular('9.99')],
      payment_preferences: {},
    };
    const cases: [Body, number, string, string?][] = [
      [{ billing_cycles: undefined }, 400, 'MISSING_REQUIRED_PARAMETER', '/billing_cycles'],
      [{ billing_cycles: [] }, 400, 'INVALID_ARRAY_MIN_ITEMS'],
      [{ name: undefined }, 400, 'MISSING_REQUIRED_PARAMETER', '/name'],
      [{ payment_preferences: undefined }, 400, 'MISSING_REQUIRED_PARAMETER'],
      [
        { billing_cycles: [regular('9.99'), regular('19.99', 'YEAR', 2)] },
        400,
        'INVALID_PARAMETER_VALUE',
      ],
      [
        {
          billing_cycles: [
            { ...regular('1.00', 'WEEK', 1, 1), tenure_type: 'TRIAL' },
            { ...regular('9.99', 'MONTH', 1) },
          ],
        },
        400,
        'INVALID_PARAMETER_VALUE',
      ],
      [
        {
          billing_cycles: [
            { ...regular('9.99'), frequency: { interval_unit: 'MONTH', interval_count: 0 } },
          ],
        },
        400,
        'INVALID_INTEGER_MIN_VALUE',
        '/billing_cycles/0/frequency/interval_count',
      ],
      [
        {
          billing_cycles: [
            { ...regular('9.99'), frequency: { interval_unit: 'MONTH', interval_count: 13 } },
          ],
        },
        400,
        'INVALID_INTEGER_MAX_VALUE',
      ],
      [
        { billing_cycles: [{ ...regular('9.99'), pricing_scheme: price('9.999') }] },
        400,
        'INVALID_PARAMETER_SYNTAX',
        '/billing_cycles/0/pricing_scheme/fixed_price/value',
      ],
      [
        { billing_cycles: [{ ...regular('9.99'), pricing_scheme: undefined }] },
        400,
        'MISSING_REQUIRED_PARAMETER',
      ],
      [
        {
          billing_cycles: [
            {
              ...regular('1.00', 'WEEK', 1, 1),
              tenure_type: 'TRIAL',
              pricing_scheme: price('1.00', 'EUR'),
            },
            regular('9.99', 'MONTH', 2),
          ],
        },
        422,
        'CURRENCY_MISMATCH',
      ],
      [{ product_id: 'PROD-UNKNOWN00000' }, 404, 'INVALID_RESOURCE_ID'],
    ];
    for (const [change, status, issue, field] of cases) {
      const res = await api('POST', '/v1/billing/plans', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body.details[0].issue, JSON.stringify(change)).toBe(issue);
      if (field) expect(res.body.details[0].field).toBe(field);
    }
  });

  it('deactivates, activates and reprices a plan', async () => {
    const planId = await createPlan(await createProduct());
    expect((await api('POST', `/v1/billing/plans/${planId}/deactivate`)).status).toBe(204);
    expect((await api('GET', `/v1/billing/plans/${planId}`)).body.status).toBe('INACTIVE');
    const again = await api('POST', `/v1/billing/plans/${planId}/deactivate`);
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('PLAN_STATUS_INVALID');

    const refused = await api('POST', '/v1/billing/subscriptions', { plan_id: planId });
    expect(refused.status).toBe(422);
    expect(refused.body.details[0].issue).toBe('PLAN_STATUS_INVALID');

    expect((await api('POST', `/v1/billing/plans/${planId}/activate`)).status).toBe(204);
    const repriced = await api('POST', `/v1/billing/plans/${planId}/update-pricing-schemes`, {
      pricing_schemes: [{ billing_cycle_sequence: 1, pricing_scheme: price('12.49') }],
    });
    expect(repriced.status).toBe(204);
    expect(repriced.text).toBe('');
    const plan = (await api('GET', `/v1/billing/plans/${planId}`)).body;
    expect(plan.status).toBe('ACTIVE');
    expect(plan.billing_cycles[0].pricing_scheme).toMatchObject({
      version: 2,
      fixed_price: { value: '12.49', currency_code: 'USD' },
    });

    const noCycle = await api('POST', `/v1/billing/plans/${planId}/update-pricing-schemes`, {
      pricing_schemes: [{ billing_cycle_sequence: 2, pricing_scheme: price('1.00') }],
    });
    expect(noCycle.status).toBe(422);
    expect(noCycle.body.details[0].issue).toBe('INVALID_BILLING_CYCLE_SEQUENCE');
    const otherCurrency = await api('POST', `/v1/billing/plans/${planId}/update-pricing-schemes`, {
      pricing_schemes: [{ billing_cycle_sequence: 1, pricing_scheme: price('1.00', 'EUR') }],
    });
    expect(otherCurrency.body.details[0].issue).toBe('CURRENCY_MISMATCH');
    expect((await api('POST', '/v1/billing/plans/P-UNKNOWN/deactivate')).status).toBe(404);
  });
});

describe('subscriptions', () => {
  it('creates an APPROVAL_PENDING subscription with an approve link, and replays', async () => {
    const planId = await createPlan(await createProduct());
    const request = {
      plan_id: planId,
      custom_id: 'user-42',
      application_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL },
    };
    const res = await api('POST', '/v1/billing/subscriptions', request, {
      'paypal-request-id': 'subscription-1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^I-[A-Z0-9]{12}$/),
      status: 'APPROVAL_PENDING',
      status_update_time: expect.any(String),
      plan_id: planId,
      custom_id: 'user-42',
      start_time: expect.any(String),
      create_time: expect.any(String),
    });
    expect((res.body.links as Body[]).map((l) => l.rel)).toEqual(['approve', 'edit', 'self']);
    expect(approveHref(res.body)).toMatch(
      new RegExp(`^${fake.url}/webapps/billing/subscriptions\\?ba_token=BA-[A-Z0-9]{17}$`),
    );

    const replay = await api('POST', '/v1/billing/subscriptions', request, {
      'paypal-request-id': 'subscription-1',
    });
    expect(replay.body).toEqual(res.body);

    const shown = await getSubscription(res.body.id);
    expect(shown).toMatchObject({
      id: res.body.id,
      plan_id: planId,
      status: 'APPROVAL_PENDING',
      quantity: '1',
      custom_id: 'user-42',
      plan_overridden: false,
    });
    expect(shown.billing_info).toBeUndefined();
    expect(fake.subscription(res.body.id)).toEqual(shown);
    expect(fake.subscription('I-UNKNOWN')).toBeUndefined();

    const withPlan = await api('GET', `/v1/billing/subscriptions/${res.body.id}?fields=plan`);
    expect(withPlan.body.plan).toMatchObject({ id: planId, usage_type: 'LICENSED' });
  });

  it('refuses invalid subscriptions', async () => {
    const planId = await createPlan(await createProduct());
    const noBody = await api('POST', '/v1/billing/subscriptions');
    expect(noBody.status).toBe(400);
    expect(noBody.body.details[0].issue).toBe('MISSING_REQUEST_BODY');
    const cases: [Body, number, string, string?][] = [
      [{}, 400, 'MISSING_REQUIRED_PARAMETER', '/plan_id'],
      [
        { plan_id: planId, custom_id: 'x'.repeat(128) },
        400,
        'INVALID_STRING_MAX_LENGTH',
        '/custom_id',
      ],
      [
        { plan_id: planId, application_context: { cancel_url: CANCEL_URL } },
        400,
        'MISSING_REQUIRED_PARAMETER',
        '/application_context/return_url',
      ],
      [
        { plan_id: planId, application_context: { user_action: 'PAY_NOW' } },
        400,
        'INVALID_PARAMETER_VALUE',
        '/application_context/user_action',
      ],
      [
        { plan_id: planId, start_time: '2020-01-01T00:00:00Z' },
        400,
        'INVALID_PARAMETER_VALUE',
        '/start_time',
      ],
      [{ plan_id: planId, start_time: 'tomorrow' }, 400, 'INVALID_PARAMETER_SYNTAX', '/start_time'],
      [{ plan_id: planId, quantity: '2' }, 422, 'SUBSCRIPTION_CANNOT_HAVE_QUANTITY'],
      [{ plan_id: 'P-UNKNOWN0000000000000000' }, 404, 'INVALID_RESOURCE_ID'],
    ];
    for (const [body, status, issue, field] of cases) {
      const res = await api('POST', '/v1/billing/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.details[0].issue, JSON.stringify(body)).toBe(issue);
      if (field) expect(res.body.details[0].field).toBe(field);
    }
    const unknown = await api('GET', '/v1/billing/subscriptions/I-UNKNOWN');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [
        { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
      ],
    });
  });

  it('approval page: shows the terms, "Agree & Subscribe" activates and charges the first cycle', async () => {
    const planId = await createPlan(await createProduct());
    const created = await createSubscription(planId, {
      subscriber: { email_address: 'alice@example.com' },
    });
    const href = approveHref(created);

    const page = await fetch(href);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Premium monthly');
    expect(text).toMatch(/First payment: <strong>9\.99 USD<\/strong> today/);
    expect(text).toMatch(/Then: <strong>9\.99 USD<\/strong> every month, until you cancel/);
    expect(text).toContain('Agree &amp; Subscribe');
    expect(text).toContain('Cancel');

    const approved = await submitPage(href, 'approve');
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location') ?? '');
    const baToken = new URL(href).searchParams.get('ba_token');
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      subscription_id: created.id,
      ba_token: baToken,
      token: baToken,
    });

    const active = await getSubscription(created.id);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      subscriber: {
        email_address: 'alice@example.com',
        payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
        name: { given_name: 'Test', surname: 'Buyer' },
      },
      billing_info: {
        outstanding_balance: { currency_code: 'USD', value: '0.00' },
        cycle_executions: [
          {
            tenure_type: 'REGULAR',
            sequence: 1,
            cycles_completed: 1,
            cycles_remaining: 0,
            current_pricing_scheme_version: 1,
            total_cycles: 0,
          },
        ],
        last_payment: { amount: { currency_code: 'USD', value: '9.99' }, time: expect.any(String) },
        next_billing_time: monthLater(created.start_time),
        failed_payments_count: 0,
      },
    });
    expect((active.links as Body[]).map((l) => l.rel)).toEqual([
      'self',
      'edit',
      'suspend',
      'cancel',
      'capture',
    ]);

    const listed = await api(
      'GET',
      `/v1/billing/subscriptions/${created.id}/transactions?${window()}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total_items: 1, total_pages: 1 });
    const [transaction] = listed.body.transactions as Body[];
    expect(transaction).toEqual({
      status: 'COMPLETED',
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amount_with_breakdown: {
        gross_amount: { currency_code: 'USD', value: '9.99' },
        fee_amount: { currency_code: 'USD', value: '0.84' },
        net_amount: { currency_code: 'USD', value: '9.15' },
      },
      payer_name: { given_name: 'Test', surname: 'Buyer' },
      payer_email: 'alice@example.com',
      time: expect.any(String),
    });
    expect(fake.transactions(created.id)).toEqual(listed.body.transactions);

    const twice = await fetch(href);
    expect(twice.status).toBe(409);
  });

  it('approval page: "Cancel" returns to cancel_url and leaves the subscription pending', async () => {
    const created = await createSubscription(await createPlan(await createProduct()));
    const res = await submitPage(approveHref(created), 'cancel');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CANCEL_URL);
    expect(location.searchParams.get('subscription_id')).toBe(created.id);
    expect((await getSubscription(created.id)).status).toBe('APPROVAL_PENDING');
    expect((await fetch(`${fake.url}/webapps/billing/subscriptions?ba_token=BA-NOPE`)).status).toBe(
      404,
    );
  });

  it('a free trial: nothing charged at approval, the regular price from the first renewal', async () => {
    const planId = await createPlan(await createProduct(), {
      billing_cycles: [
        {
          frequency: { interval_unit: 'WEEK', interval_count: 1 },
          tenure_type: 'TRIAL',
          sequence: 1,
          total_cycles: 1,
        },
        regular('9.99', 'MONTH', 2),
      ],
    });
    const created = await createSubscription(planId);
    fake.approveSubscription(created.id);
    const active = await getSubscription(created.id);
    expect(active.status).toBe('ACTIVE');
    expect(active.billing_info.last_payment).toBeUndefined();
    expect(active.billing_info.cycle_executions).toMatchObject([
      { tenure_type: 'TRIAL', cycles_completed: 1, cycles_remaining: 0, total_cycles: 1 },
      { tenure_type: 'REGULAR', cycles_completed: 0, total_cycles: 0 },
    ]);
    const weekLater = new Date(Date.parse(created.start_time) + 7 * 24 * 3_600_000).toISOString();
    expect(active.billing_info.next_billing_time).toBe(weekLater);
    expect(fake.transactions(created.id)).toEqual([]);

    const renewal = fake.renewSubscription(created.id);
    expect(renewal).toMatch(/^[A-Z0-9]{17}$/);
    const renewed = await getSubscription(created.id);
    expect(renewed.billing_info.last_payment.amount.value).toBe('9.99');
    expect(renewed.billing_info.next_billing_time).toBe(monthLater(weekLater));
    expect(renewed.billing_info.cycle_executions[1].cycles_completed).toBe(1);
  });

  it('a paid trial runs its cycles before the regular price', async () => {
    const planId = await createPlan(await createProduct(), {
      billing_cycles: [
        { ...regular('1.00', 'MONTH', 1, 2), tenure_type: 'TRIAL' },
        regular('9.99', 'MONTH', 2, 12),
      ],
    });
    const id = await activeSubscription(planId);
    fake.renewSubscription(id);
    fake.renewSubscription(id);
    const values = fake
      .transactions(id)
      .map((t) => (t.amount_with_breakdown as Body).gross_amount.value);
    expect(values).toEqual(['1.00', '1.00', '9.99']);
    const executions = (await getSubscription(id)).billing_info.cycle_executions;
    expect(executions).toMatchObject([
      { tenure_type: 'TRIAL', cycles_completed: 2, cycles_remaining: 0 },
      { tenure_type: 'REGULAR', cycles_completed: 1, cycles_remaining: 11, total_cycles: 12 },
    ]);
  });

  it('a future start_time: ACTIVE without payment until the first renewal', async () => {
    const planId = await createPlan(await createProduct());
    const start = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const id = await activeSubscription(planId, { start_time: start });
    const active = await getSubscription(id);
    expect(active.status).toBe('ACTIVE');
    expect(active.start_time).toBe(start);
    expect(active.billing_info.next_billing_time).toBe(start);
    expect(active.billing_info.last_payment).toBeUndefined();
    expect(fake.transactions(id)).toEqual([]);

    fake.renewSubscription(id);
    const renewed = await getSubscription(id);
    expect(renewed.billing_info.next_billing_time).toBe(monthLater(start));
    expect(fake.transactions(id)).toHaveLength(1);
  });

  it('failed renewals count up, set the balance and suspend at the threshold', async () => {
    const planId = await createPlan(await createProduct(), {
      payment_preferences: { payment_failure_threshold: 2 },
    });
    const id = await activeSubscription(planId);
    const before = (await getSubscription(id)).billing_info.next_billing_time;

    expect(fake.renewSubscription(id, { fail: true })).toBeUndefined();
    const failed = await getSubscription(id);
    expect(failed.status).toBe('ACTIVE');
    expect(failed.billing_info).toMatchObject({
      failed_payments_count: 1,
      outstanding_balance: { currency_code: 'USD', value: '9.99' },
      last_failed_payment: {
        amount: { currency_code: 'USD', value: '9.99' },
        time: expect.any(String),
        reason_code: 'PAYMENT_DENIED',
      },
      next_billing_time: before,
    });
    expect(fake.transactions(id)).toHaveLength(1);

    fake.renewSubscription(id);
    const paid = await getSubscription(id);
    expect(paid.billing_info).toMatchObject({
      failed_payments_count: 0,
      outstanding_balance: { value: '0.00' },
      next_billing_time: monthLater(before),
    });

    fake.renewSubscription(id, { fail: true });
    fake.renewSubscription(id, { fail: true });
    const suspended = await getSubscription(id);
    expect(suspended.status).toBe('SUSPENDED');
    expect(suspended.billing_info.failed_payments_count).toBe(2);
    expect(() => fake.renewSubscription(id)).toThrow(/not ACTIVE/);

    expect(
      (await api('POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'Paid up' })).status,
    ).toBe(204);
    expect((await getSubscription(id)).status).toBe('ACTIVE');
  });

  it('suspends, reactivates and cancels, refusing the wrong status', async () => {
    const planId = await createPlan(await createProduct());
    const pending = await createSubscription(planId);
    const early = await api('POST', `/v1/billing/subscriptions/${pending.id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(early.status).toBe(422);
    expect(early.body.details[0].issue).toBe('SUBSCRIPTION_STATUS_INVALID');

    const id = await activeSubscription(planId);
    const path = `/v1/billing/subscriptions/${id}`;
    const noReason = await api('POST', `${path}/suspend`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0]).toMatchObject({
      field: '/reason',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const tooLong = await api('POST', `${path}/suspend`, { reason: 'x'.repeat(129) });
    expect(tooLong.body.details[0].issue).toBe('INVALID_STRING_MAX_LENGTH');

    const suspended = await api('POST', `${path}/suspend`, { reason: 'Vacation' });
    expect(suspended.status).toBe(204);
    expect(suspended.text).toBe('');
    expect(await getSubscription(id)).toMatchObject({
      status: 'SUSPENDED',
      status_change_note: 'Vacation',
    });
    expect((await api('POST', `${path}/suspend`, { reason: 'Again' })).status).toBe(422);

    expect((await api('POST', `${path}/activate`, { reason: 'Back' })).status).toBe(204);
    expect((await api('POST', `${path}/activate`, { reason: 'Again' })).status).toBe(422);

    expect((await api('POST', `${path}/cancel`, { reason: 'Too expensive' })).status).toBe(204);
    const cancelled = await getSubscription(id);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', status_change_note: 'Too expensive' });
    expect(cancelled.billing_info.next_billing_time).toBeUndefined();
    expect((cancelled.links as Body[]).map((l) => l.rel)).toEqual(['self']);
    const twice = await api('POST', `${path}/cancel`, { reason: 'Again' });
    expect(twice.status).toBe(422);
    expect(twice.body.details[0]).toMatchObject({
      issue: 'SUBSCRIPTION_STATUS_INVALID',
      description:
        'Invalid subscription status for cancel action; subscription status should be active or suspended.',
    });
    expect(() => fake.renewSubscription(id)).toThrow();
    expect(
      (await api('POST', '/v1/billing/subscriptions/I-UNKNOWN/cancel', { reason: 'x' })).status,
    ).toBe(404);
  });

  it('user_action CONTINUE: approval leaves it APPROVED until the merchant activates it', async () => {
    const planId = await createPlan(await createProduct());
    const created = await createSubscription(planId, {
      application_context: {
        user_action: 'CONTINUE',
        return_url: RETURN_URL,
        cancel_url: CANCEL_URL,
      },
    });
    const page = await (await fetch(approveHref(created))).text();
    expect(page).toContain('>Continue</button>');
    expect((await submitPage(approveHref(created), 'approve')).status).toBe(303);
    const approved = await getSubscription(created.id);
    expect(approved.status).toBe('APPROVED');
    expect(approved.billing_info).toBeUndefined();
    expect((approved.links as Body[]).map((l) => l.rel)).toContain('activate');

    expect((await api('POST', `/v1/billing/subscriptions/${created.id}/activate`)).status).toBe(
      204,
    );
    const active = await getSubscription(created.id);
    expect(active.status).toBe('ACTIVE');
    expect(active.billing_info.last_payment.amount.value).toBe('9.99');
  });

  it('expireSubscription ends it', async () => {
    const id = await activeSubscription(await createPlan(await createProduct()));
    fake.expireSubscription(id);
    const expired = await getSubscription(id);
    expect(expired.status).toBe('EXPIRED');
    expect(expired.billing_info.next_billing_time).toBeUndefined();
    expect(() => fake.expireSubscription(id)).toThrow();
    expect(() => fake.renewSubscription(id)).toThrow();
  });
});

describe('revise', () => {
  it('switches to a consented plan of the same product at the next renewal', async () => {
    const productId = await createProduct();
    const basic = await createPlan(productId);
    const premium = await createPlan(productId, {
      name: 'Premium plus',
      billing_cycles: [regular('19.99')],
    });
    const id = await activeSubscription(basic);
    const nextBilling = (await getSubscription(id)).billing_info.next_billing_time;

    const revised = await api('POST', `/v1/billing/subscriptions/${id}/revise`, {
      plan_id: premium,
    });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({
      plan_id: premium,
      plan_overridden: false,
      effective_time: nextBilling,
    });
    const approve = (revised.body.links as Body[]).find((l) => l.rel === 'approve');
    expect(approve?.href).toMatch(
      new RegExp(`^${fake.url}/webapps/billing/subscriptions/update\\?ba_token=BA-[A-Z0-9]{17}$`),
    );
    expect((revised.body.links as Body[]).map((l) => l.rel)).toContain('self');

    // Without the buyer's consent the old plan keeps billing.
    fake.renewSubscription(id);
    expect((await getSubscription(id)).plan_id).toBe(basic);
    expect(fake.transactions(id).at(-1)?.amount_with_breakdown).toMatchObject({
      gross_amount: { value: '9.99' },
    });

    const page = await fetch(approve?.href);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('19.99 USD');
    const consent = await submitPage(approve?.href, 'approve');
    expect(consent.status).toBe(303);
    expect(consent.headers.get('location')).toContain(`subscription_id=${id}`);
    expect((await getSubscription(id)).plan_id).toBe(basic);

    fake.renewSubscription(id);
    const switched = await getSubscription(id);
    expect(switched.plan_id).toBe(premium);
    expect(switched.billing_info.last_payment.amount.value).toBe('19.99');
  });

  it('consents through approveSubscription and refuses other products and statuses', async () => {
    const productId = await createProduct();
    const basic = await createPlan(productId);
    const premium = await createPlan(productId, { billing_cycles: [regular('19.99')] });
    const foreign = await createPlan(await createProduct());
    const id = await activeSubscription(basic);

    const other = await api('POST', `/v1/billing/subscriptions/${id}/revise`, { plan_id: foreign });
    expect(other.status).toBe(422);
    expect(other.body.details[0].issue).toBe('PLAN_PRODUCT_NOT_COMPATIBLE');
    const missing = await api('POST', `/v1/billing/subscriptions/${id}/revise`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].issue).toBe('MISSING_REQUIRED_PARAMETER');

    await api('POST', `/v1/billing/subscriptions/${id}/revise`, { plan_id: premium });
    fake.approveSubscription(id);
    expect(fake.renewSubscription(id)).toBeDefined();
    expect((await getSubscription(id)).plan_id).toBe(premium);

    await api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Bye' });
    const late = await api('POST', `/v1/billing/subscriptions/${id}/revise`, { plan_id: basic });
    expect(late.status).toBe(422);
    expect(late.body.details[0].issue).toBe('SUBSCRIPTION_STATUS_INVALID');
  });
});

describe('transactions', () => {
  it('needs start_time and end_time and lists the window only', async () => {
    const id = await activeSubscription(await createPlan(await createProduct()));
    const path = `/v1/billing/subscriptions/${id}/transactions`;
    const none = await api('GET', path);
    expect(none.status).toBe(400);
    expect(none.body.details[0]).toMatchObject({
      field: 'start_time',
      location: 'query',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const noEnd = await api('GET', `${path}?start_time=${new Date().toISOString()}`);
    expect(noEnd.body.details[0]).toMatchObject({
      field: 'end_time',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const bad = await api('GET', `${path}?start_time=yesterday&end_time=today`);
    expect(bad.body.details[0].issue).toBe('INVALID_PARAMETER_SYNTAX');

    const past = await api(
      'GET',
      `${path}?${window(Date.now() - 2 * MONTH_MS, Date.now() - MONTH_MS)}`,
    );
    expect(past.body).toMatchObject({ transactions: [], total_items: 0, total_pages: 1 });
    const now = await api('GET', `${path}?${window()}`);
    expect(now.body.total_items).toBe(1);
    expect(now.body.links[0]).toMatchObject({ rel: 'SELF', method: 'GET' });
    expect(
      (await api('GET', `/v1/billing/subscriptions/I-UNKNOWN/transactions?${window()}`)).status,
    ).toBe(404);
  });

  it('refunds a transaction through the captures refund endpoint', async () => {
    const id = await activeSubscription(await createPlan(await createProduct()));
    const [transaction] = fake.transactions(id);
    const transactionId = transaction?.id as string;
    const path = `/v2/payments/captures/${transactionId}/refund`;

    const partial = await api(
      'POST',
      path,
      { amount: { value: '4.00', currency_code: 'USD' } },
      full('refund-1'),
    );
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({
      status: 'COMPLETED',
      amount: { value: '4.00', currency_code: 'USD' },
    });
    expect(fake.transactions(id)[0]?.status).toBe('PARTIALLY_REFUNDED');
    const replay = await api(
      'POST',
      path,
      { amount: { value: '4.00', currency_code: 'USD' } },
      full('refund-1'),
    );
    expect(replay.body.id).toBe(partial.body.id);

    const rest = await api('POST', path, {}, { 'paypal-request-id': 'refund-2' });
    expect(rest.status).toBe(201);
    expect(fake.transactions(id)[0]?.status).toBe('REFUNDED');
    const listed = await api('GET', `/v1/billing/subscriptions/${id}/transactions?${window()}`);
    expect(listed.body.transactions[0].status).toBe('REFUNDED');

    const again = await api('POST', path, {}, { 'paypal-request-id': 'refund-3' });
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');

    const event = fake.subscriptionWebhookEvent(id, 'PAYMENT.SALE.REFUNDED');
    expect(event).toMatchObject({
      event_type: 'PAYMENT.SALE.REFUNDED',
      resource_type: 'refund',
      resource_version: '1.0',
      resource: {
        id: rest.body.id,
        state: 'completed',
        amount: { total: '5.99', currency: 'USD' },
        sale_id: transactionId,
        billing_agreement_id: id,
      },
    });
  });
});

describe('webhook events', () => {
  it('builds subscription and sale events that the fake verifies', async () => {
    const created = await createSubscription(await createPlan(await createProduct()), {
      custom_id: 'user-7',
    });
    const createdEvent = fake.subscriptionWebhookEvent(created.id, 'BILLING.SUBSCRIPTION.CREATED');
    expect(createdEvent).toMatchObject({
      id: expect.stringMatching(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/),
      event_version: '1.0',
      create_time: expect.any(String),
      resource_type: 'subscription',
      resource_version: '2.0',
      event_type: 'BILLING.SUBSCRIPTION.CREATED',
      summary: 'Subscription created',
      resource: { id: created.id, status: 'APPROVAL_PENDING' },
    });
    expect((createdEvent.links as Body[]).map((l) => l.rel)).toEqual(['self', 'resend']);

    fake.approveSubscription(created.id);
    const activated = fake.subscriptionWebhookEvent(created.id, 'BILLING.SUBSCRIPTION.ACTIVATED');
    expect(activated.resource).toEqual(fake.subscription(created.id));

    const [transaction] = fake.transactions(created.id);
    const sale = fake.subscriptionWebhookEvent(created.id, 'PAYMENT.SALE.COMPLETED');
    expect(sale).toMatchObject({
      resource_type: 'sale',
      resource_version: '1.0',
      summary: 'Payment completed for 9.99 USD',
      resource: {
        id: transaction?.id,
        state: 'completed',
        amount: { total: '9.99', currency: 'USD', details: { subtotal: '9.99' } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        transaction_fee: { value: '0.84', currency: 'USD' },
        billing_agreement_id: created.id,
        custom: 'user-7',
        create_time: expect.any(String),
        update_time: expect.any(String),
      },
    });
    const reversed = fake.subscriptionWebhookEvent(
      created.id,
      'PAYMENT.SALE.REVERSED',
      transaction?.id as string,
    );
    expect(reversed).toMatchObject({
      resource_type: 'refund',
      resource: { state: 'completed', sale_id: transaction?.id, amount: { total: '9.99' } },
    });
    expect(() => fake.subscriptionWebhookEvent(created.id, 'PAYMENT.SALE.REFUNDED')).toThrow();

    const delivery = fake.signedWebhook(sale);
    const verified = await api('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: delivery.headers['paypal-auth-algo'],
      cert_url: delivery.headers['paypal-cert-url'],
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      webhook_id: fake.webhookId,
      webhook_event: JSON.parse(delivery.body),
    });
    expect(verified.body).toEqual({ verification_status: 'SUCCESS' });
  });
});

describe('faults and tokens', () => {
  it('failNext and expireTokens apply to the billing API, never to the consent page', async () => {
    const planId = await createPlan(await createProduct());
    const created = await createSubscription(planId);

    // The filter matches the consent page's path too; only the API call takes the fault.
    fake.failNext(1, '500', { path: '/billing/subscriptions' });
    const page = await fetch(approveHref(created));
    expect(page.status).toBe(200);
    const failed = await api('GET', `/v1/billing/subscriptions/${created.id}`);
    expect(failed.status).toBe(500);
    expect(failed.body.name).toBe('INTERNAL_SERVER_ERROR');
    expect((await api('GET', `/v1/billing/subscriptions/${created.id}`)).status).toBe(200);

    fake.failNext(1, 'down', { path: '/v1/catalogs' });
    await expect(api('GET', '/v1/catalogs/products/anything')).rejects.toThrow();

    fake.failNext(1, 'slow', { path: '/v1/billing/plans', delayMs: 200 });
    const started = Date.now();
    expect((await api('GET', `/v1/billing/plans/${planId}`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);

    const anonymous = await fetch(`${fake.url}/v1/billing/plans/${planId}`);
    expect(anonymous.status).toBe(401);
    fake.expireTokens();
    const expired = await api('GET', `/v1/billing/plans/${planId}`);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('invalid_token');
    token = await newToken();
    expect((await api('GET', `/v1/billing/plans/${planId}`)).status).toBe(200);
  });

  it('bills a subscription that starts on the 31st next on the last day of February', async () => {
    expect(monthLater('2031-01-31T10:00:00.000Z')).toBe('2031-02-28T10:00:00.000Z');
    const planId = await createPlan(await createProduct());
    const id = await activeSubscription(planId, { start_time: '2031-01-31T10:00:00.000Z' });
    fake.renewSubscription(id);
    const next = (await getSubscription(id)).billing_info.next_billing_time;
    expect(next).toBe('2031-02-28T10:00:00.000Z');
  });

  it('answers 404 for unknown billing paths and 405 for the wrong method', async () => {
    expect((await api('GET', '/v1/billing/agreements')).status).toBe(404);
    expect((await api('DELETE', '/v1/billing/plans')).status).toBe(405);
    const malformed = await fetch(`${fake.url}/v1/billing/plans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Body).details[0].issue).toBe('MALFORMED_REQUEST_JSON');
  });
});
