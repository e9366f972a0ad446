import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { type FakePayPal, startFakePayPal } from '../../../tests/support/fake-paypal';
import {
  createPayPalProvider,
  type PayPalOptions,
  paypalOptionsFromConfig,
  truncate,
} from './paypal';
import {
  type CreateOrderInput,
  type PaymentProvider,
  ProviderRequestError,
  ProviderUnavailableError,
} from './provider';

const SECRET = 'sk-live-Do-Not-Leak-4f9a1c';

let fake: FakePayPal;
let provider: PaymentProvider;
let sequence = 0;

function options(overrides: Partial<PayPalOptions> = {}): PayPalOptions {
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    baseUrl: fake.url,
    webhookId: fake.webhookId,
    timeoutMs: 2_000,
    ...overrides,
  };
}

function orderInput(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  sequence += 1;
  return {
    orderId: `ord_${sequence}`,
    amount: '29.99',
    currency: 'USD',
    description: 'Turbo VPN Premium, 12 months',
    returnUrl: 'https://www.turbovpn.test/checkout/return',
    cancelUrl: 'https://www.turbovpn.test/checkout/cancel',
    requestId: `create-${sequence}`,
    ...overrides,
  };
}

function callsTo(path: string) {
  return fake.requests.filter((r) => r.path === path || r.path.startsWith(`${path}?`));
}

function tokenRequests() {
  return callsTo('/v1/oauth2/token').length;
}

async function approvedOrder(overrides: Partial<CreateOrderInput> = {}): Promise<string> {
  const { providerOrderId } = await provider.createOrder(orderInput(overrides));
  fake.approve(providerOrderId);
  return providerOrderId;
}

async function capturedOrder(): Promise<{ orderId: string; captureId: string }> {
  const orderId = await approvedOrder();
  const result = await provider.captureOrder(orderId, `capture-${orderId}`);
  if (result.outcome !== 'captured') throw new Error(`capture failed: ${result.outcome}`);
  return { orderId, captureId: result.capture.id };
}

beforeAll(async () => {
  fake = await startFakePayPal({ clientSecret: SECRET, slowMs: 1_500 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  provider = createPayPalProvider(options());
});

describe('paypalOptionsFromConfig', () => {
  it('maps the environment to PayPal hosts, and PAYPAL_API_BASE overrides them', () => {
    const credentials = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(paypalOptionsFromConfig(parseConfig(credentials))).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'https://api-m.paypal.com',
      webhookId: undefined,
      timeoutMs: 20_000,
    });
    const sandbox = parseConfig({
      ...credentials,
      PAYPAL_ENV: 'sandbox',
      PAYPAL_WEBHOOK_ID: 'WH1',
      PAYMENT_TIMEOUT_MS: '5000',
    });
    expect(paypalOptionsFromConfig(sandbox)).toMatchObject({
      baseUrl: 'https://api-m.sandbox.paypal.com',
      webhookId: 'WH1',
      timeoutMs: 5000,
    });
    const local = parseConfig({ ...credentials, PAYPAL_API_BASE: 'http://127.0.0.1:4010' });
    expect(paypalOptionsFromConfig(local)?.baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('gives nothing without credentials (the sandbox provider is used instead)', () => {
    expect(paypalOptionsFromConfig(parseConfig({}))).toBeUndefined();
  });
});

describe('createOrder', () => {
  it('sends one purchase unit with our order id and the experience context', async () => {
    const input = orderInput({ locale: 'de-DE' });
    const created = await provider.createOrder(input);

    expect(created.providerOrderId).toMatch(/^[A-Z0-9]{17}$/);
    expect(created.approveUrl).toBe(`${fake.url}/checkoutnow?token=${created.providerOrderId}`);
    const [call] = callsTo('/v2/checkout/orders');
    expect(call?.headers['paypal-request-id']).toBe(input.requestId);
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(call?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.orderId,
          custom_id: input.orderId,
          description: input.description,
          amount: { currency_code: 'USD', value: '29.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Turbo VPN',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            locale: 'de-DE',
          },
        },
      },
    });
  });

  it('returns the same order when the request id is repeated', async () => {
    const input = orderInput();
    const first = await provider.createOrder(input);
    const second = await provider.createOrder(input);
    expect(second.providerOrderId).toBe(first.providerOrderId);
  });

  it('cuts a long description to 127 characters without splitting a character', async () => {
    const description = `${'x'.repeat(125)}😀 and more`;
    const created = await provider.createOrder(orderInput({ description }));
    const sent = fake.order(created.providerOrderId)?.purchase_units as { description: string }[];
    const kept = sent[0]?.description ?? '';
    expect(kept.length).toBeLessThanOrEqual(127);
    expect(kept).toBe(`${'x'.repeat(125)}…`);
    expect(truncate('ab😀cd', 4)).toBe('ab…');
    expect(truncate('short', 127)).toBe('short');
  });

  it('leaves out a malformed locale instead of failing the order', async () => {
    await provider.createOrder(orderInput({ locale: 'german' }));
    const body = callsTo('/v2/checkout/orders').at(-1)?.body as {
      payment_source: { paypal: { experience_context: Record<string, string> } };
    };
    expect(body.payment_source.paypal.experience_context.locale).toBeUndefined();
  });

  it('reports an amount PayPal rejects as a request error with its issue', async () => {
    const error = await provider.createOrder(orderInput({ amount: '9.999' })).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ status: 400, issue: 'INVALID_PARAMETER_SYNTAX' });
  });
});

describe('captureOrder', () => {
  it('captures an approved order (create → approve → capture) and getOrder shows it', async () => {
    const input = orderInput({ amount: '59.88', currency: 'EUR' });
    const { providerOrderId } = await provider.createOrder(input);
    fake.approve(providerOrderId);

    const result = await provider.captureOrder(providerOrderId, 'cap-1');
    expect(result).toEqual({
      outcome: 'captured',
      capture: {
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'COMPLETED',
        amount: '59.88',
        currency: 'EUR',
      },
    });
    const call = callsTo(`/v2/checkout/orders/${providerOrderId}/capture`)[0];
    expect(call?.headers).toMatchObject({
      'paypal-request-id': 'cap-1',
      prefer: 'return=representation',
    });

    const order = await provider.getOrder(providerOrderId);
    expect(order).toEqual({
      providerOrderId,
      status: 'COMPLETED',
      orderId: input.orderId,
      amount: '59.88',
      currency: 'EUR',
      capture: result.outcome === 'captured' ? result.capture : undefined,
    });
  });

  it('answers not_approved before the buyer approved, and captures after', async () => {
    const { providerOrderId } = await provider.createOrder(orderInput());
    expect(await provider.captureOrder(providerOrderId, 'early')).toEqual({
      outcome: 'not_approved',
    });
    expect((await provider.getOrder(providerOrderId)).status).toBe('PAYER_ACTION_REQUIRED');

    fake.approve(providerOrderId);
    const result = await provider.captureOrder(providerOrderId, 'after-approval');
    expect(result.outcome).toBe('captured');
  });

  it('returns the same capture when retried with the same request id, capturing once', async () => {
    const orderId = await approvedOrder();
    const first = await provider.captureOrder(orderId, 'same-key');
    const again = await provider.captureOrder(orderId, 'same-key');
    expect(again).toEqual(first);
    const units = fake.order(orderId)?.purchase_units as { payments: { captures: unknown[] } }[];
    expect(units[0]?.payments.captures).toHaveLength(1);
  });

  it('returns the existing capture when an already captured order is captured again', async () => {
    const orderId = await approvedOrder();
    const first = await provider.captureOrder(orderId, 'key-a');
    const second = await provider.captureOrder(orderId, 'key-b');
    expect(second).toEqual(first);
    expect(callsTo(`/v2/checkout/orders/${orderId}`).some((r) => r.method === 'GET')).toBe(true);
  });

  it('answers declined when the instrument is refused', async () => {
    const orderId = await approvedOrder();
    fake.decline(orderId);
    expect(await provider.captureOrder(orderId, 'declined-1')).toEqual({
      outcome: 'declined',
      reason: 'INSTRUMENT_DECLINED',
    });
    // The same key replays the refusal; the order was not captured.
    expect((await provider.captureOrder(orderId, 'declined-1')).outcome).toBe('declined');
    expect((await provider.getOrder(orderId)).capture).toBeUndefined();
  });

  it('answers declined when the capture itself is declined', async () => {
    const orderId = await approvedOrder();
    fake.decline(orderId, 'capture');
    expect(await provider.captureOrder(orderId, 'declined-2')).toEqual({
      outcome: 'declined',
      reason: 'CAPTURE_DECLINED',
    });
    // Asking again with a new key finds the declined capture, never a success.
    expect((await provider.captureOrder(orderId, 'declined-3')).outcome).toBe('declined');
  });

  it('reports a pending capture as captured with status PENDING', async () => {
    const orderId = await approvedOrder();
    fake.holdCapture(orderId);
    const result = await provider.captureOrder(orderId, 'pending-1');
    expect(result).toMatchObject({ outcome: 'captured', capture: { status: 'PENDING' } });
    fake.settleCapture(orderId);
    expect((await provider.getOrder(orderId)).capture?.status).toBe('COMPLETED');
  });

  it('answers declined for an order PayPal does not know', async () => {
    expect(await provider.captureOrder('0000000000000000X', 'unknown')).toEqual({
      outcome: 'declined',
      reason: 'INVALID_RESOURCE_ID',
    });
  });
});

describe('access token', () => {
  it('is fetched once and reused', async () => {
    const before = tokenRequests();
    await provider.createOrder(orderInput());
    await provider.createOrder(orderInput());
    await Promise.all([provider.createOrder(orderInput()), provider.createOrder(orderInput())]);
    expect(tokenRequests() - before).toBe(1);
    const token = callsTo('/v1/oauth2/token').at(-1);
    const expected = Buffer.from(`${fake.clientId}:${SECRET}`).toString('base64');
    expect(token?.headers.authorization).toBe(`Basic ${expected}`);
    expect(token?.body).toBe('grant_type=client_credentials');
  });

  it('is renewed shortly before it expires', async () => {
    let clock = Date.now();
    const timed = createPayPalProvider(options({ now: () => clock }));
    const before = tokenRequests();
    await timed.createOrder(orderInput());
    clock += (32_400 - 120) * 1000;
    await timed.createOrder(orderInput());
    expect(tokenRequests() - before).toBe(1);
    clock += 90 * 1000; // inside the last minute of its nine hours
    await timed.createOrder(orderInput());
    expect(tokenRequests() - before).toBe(2);
  });

  it('is dropped and fetched again once when PayPal answers 401', async () => {
    await provider.createOrder(orderInput());
    const before = tokenRequests();
    fake.expireTokens();
    const input = orderInput();
    const created = await provider.createOrder(input);
    expect(created.providerOrderId).toBeTruthy();
    expect(tokenRequests() - before).toBe(1);
    const attempts = callsTo('/v2/checkout/orders').slice(-2);
    expect(attempts.map((r) => r.status)).toEqual([401, 201]);
    expect(attempts.map((r) => r.headers['paypal-request-id'])).toEqual([
      input.requestId,
      input.requestId,
    ]);
  });

  it('refused credentials give a request error that does not reveal the secret', async () => {
    const wrongSecret = 'sk-wrong-Secret-99zz';
    const refused = createPayPalProvider(options({ clientSecret: wrongSecret }));
    const error = await refused.createOrder(orderInput()).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ status: 401, issue: 'invalid_client' });
    expect(String(error.message)).not.toContain(wrongSecret);
  });
});

describe('refundCapture', () => {
  it('refunds part of a capture, then the rest', async () => {
    const { orderId, captureId } = await capturedOrder();
    const partial = await provider.refundCapture({
      captureId,
      amount: '10.00',
      currency: 'USD',
      requestId: `refund-${captureId}-1`,
      note: 'Partial refund for unused months',
    });
    expect(partial).toEqual({
      refundId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
    });
    const call = callsTo(`/v2/payments/captures/${captureId}/refund`)[0];
    expect(call?.headers['paypal-request-id']).toBe(`refund-${captureId}-1`);
    expect(call?.body).toEqual({
      amount: { value: '10.00', currency_code: 'USD' },
      note_to_payer: 'Partial refund for unused months',
    });
    expect((await provider.getOrder(orderId)).capture?.status).toBe('PARTIALLY_REFUNDED');

    const rest = await provider.refundCapture({
      captureId,
      currency: 'USD',
      requestId: `refund-${captureId}-2`,
    });
    expect(rest.status).toBe('COMPLETED');
    expect(callsTo(`/v2/payments/captures/${captureId}/refund`)[1]?.body).toEqual({});
    expect((await provider.getOrder(orderId)).capture?.status).toBe('REFUNDED');
  });

  it('returns the first refund when the request id is repeated', async () => {
    const { captureId } = await capturedOrder();
    const input = { captureId, currency: 'USD', requestId: `refund-${captureId}` };
    const first = await provider.refundCapture(input);
    expect(await provider.refundCapture(input)).toEqual(first);
  });

  it('reports a refund beyond the captured amount as a request error', async () => {
    const { captureId } = await capturedOrder();
    const error = await provider
      .refundCapture({ captureId, amount: '100.00', currency: 'USD', requestId: 'too-much' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ status: 422, issue: 'REFUND_AMOUNT_EXCEEDED' });
  });
});

describe('verifyWebhook', () => {
  const verifyPath = '/v1/notifications/verify-webhook-signature';

  async function captureEvent() {
    const { orderId } = await capturedOrder();
    return fake.webhookEvent(orderId, 'PAYMENT.CAPTURE.COMPLETED');
  }

  it('accepts a delivery PayPal signed, sending the event as received', async () => {
    const { headers, body } = fake.signedWebhook(await captureEvent());
    expect(await provider.verifyWebhook(new Headers(headers), body)).toBe(true);
    const call = callsTo(verifyPath).at(-1);
    expect(call?.body).toMatchObject({
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: fake.webhookId,
      webhook_event: JSON.parse(body),
    });
  });

  it('refuses a changed body, a foreign signature or another webhook id', async () => {
    const event = await captureEvent();
    const { headers, body } = fake.signedWebhook(event);
    const tampered = body.replace('"COMPLETED"', '"REFUNDED"');
    expect(tampered).not.toBe(body);
    expect(await provider.verifyWebhook(new Headers(headers), tampered)).toBe(false);

    const other = fake.signedWebhook({ ...event, id: 'WH-OTHER' });
    const mixed = {
      ...headers,
      'paypal-transmission-sig': other.headers['paypal-transmission-sig'] ?? '',
    };
    expect(await provider.verifyWebhook(new Headers(mixed), body)).toBe(false);

    const elsewhere = fake.signedWebhook(event, { webhookId: 'ANOTHERHOOK' });
    expect(await provider.verifyWebhook(new Headers(elsewhere.headers), elsewhere.body)).toBe(
      false,
    );
  });

  it('refuses without asking PayPal when headers, webhook id or JSON are missing', async () => {
    const { headers, body } = fake.signedWebhook(await captureEvent());
    const before = callsTo(verifyPath).length;
    const withoutSig = new Headers(headers);
    withoutSig.delete('paypal-transmission-sig');
    expect(await provider.verifyWebhook(withoutSig, body)).toBe(false);
    expect(await provider.verifyWebhook(new Headers(), body)).toBe(false);
    expect(await provider.verifyWebhook(new Headers(headers), 'not json')).toBe(false);
    expect(await provider.verifyWebhook(new Headers(headers), '[1,2]')).toBe(false);
    const noHook = createPayPalProvider(options({ webhookId: undefined }));
    expect(await noHook.verifyWebhook(new Headers(headers), body)).toBe(false);
    expect(callsTo(verifyPath).length).toBe(before);
  });
});

describe('when PayPal is unreachable', () => {
  async function expectUnavailable(promise: Promise<unknown>): Promise<Error> {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    return error as Error;
  }

  function leaksNothing(error: Error, token: string): void {
    const text = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`;
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(token);
  }

  function lastToken(): string {
    const auth = fake.requests.findLast((r) => r.headers.authorization?.startsWith('Bearer '));
    return auth?.headers.authorization?.slice('Bearer '.length) ?? 'no-token';
  }

  it('a dropped connection is ProviderUnavailableError', async () => {
    const orderId = await approvedOrder();
    fake.failNext(1, 'down');
    const error = await expectUnavailable(provider.captureOrder(orderId, 'down-1'));
    leaksNothing(error, lastToken());
    // Nothing happened at PayPal: the retry captures.
    expect((await provider.captureOrder(orderId, 'down-1')).outcome).toBe('captured');
  });

  it('a 500 is ProviderUnavailableError', async () => {
    const orderId = await approvedOrder();
    fake.failNext(1, '500');
    const error = await expectUnavailable(provider.getOrder(orderId));
    expect(error.message).toContain('500');
    leaksNothing(error, lastToken());
  });

  it('a token endpoint failure is ProviderUnavailableError', async () => {
    fake.failNext(1, '500', { path: '/v1/oauth2/token' });
    const error = await expectUnavailable(provider.createOrder(orderInput()));
    leaksNothing(error, lastToken());
  });

  it('an answer slower than the timeout is ProviderUnavailableError', async () => {
    const quick = createPayPalProvider(options({ timeoutMs: 300 }));
    const orderId = await approvedOrder();
    await quick.getOrder(orderId);
    fake.failNext(1, 'slow');
    const started = Date.now();
    const error = await expectUnavailable(quick.captureOrder(orderId, 'slow-1'));
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(error.message).toContain('300 ms');
    leaksNothing(error, lastToken());
  });

  it('a closed port is ProviderUnavailableError', async () => {
    const gone = await startFakePayPal();
    const baseUrl = gone.url;
    await gone.close();
    const error = await expectUnavailable(
      createPayPalProvider(options({ baseUrl })).createOrder(orderInput()),
    );
    expect(error.message).toContain('ECONNREFUSED');
    leaksNothing(error, 'no-token');
  });
});

describe('fake PayPal approval page', () => {
  it('approves on "Pay Now" and sends the buyer back with token and PayerID', async () => {
    const input = orderInput();
    const { providerOrderId, approveUrl } = await provider.createOrder(input);
    const page = await fetch(approveUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay Now');

    const submitted = await fetch(`${fake.url}/checkoutnow`, {
      method: 'POST',
      body: new URLSearchParams({ token: providerOrderId, action: 'approve' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    const back = new URL(submitted.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(input.returnUrl);
    expect(back.searchParams.get('token')).toBe(providerOrderId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    expect((await provider.getOrder(providerOrderId)).status).toBe('APPROVED');
  });
});
