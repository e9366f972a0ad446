/**
 * A fake PayPal for tests: a real HTTP server on 127.0.0.1 (random port) that speaks the part of
 * PayPal's REST API the adapter (src/server/payments/paypal.ts) uses, with PayPal's JSON shapes
 * and error bodies ({ name, message, debug_id, details: [{ issue }] }).
 *
 *   const fake = await startFakePayPal();
 *   const provider = createPayPalProvider({
 *     clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId,
 *     baseUrl: fake.url, timeoutMs: 2000,
 *   });
 *   ...
 *   await fake.close();
 *
 * Endpoints
 *   POST /v1/oauth2/token                      Basic clientId:clientSecret, grant_type=client_credentials
 *   POST /v2/checkout/orders                   one purchase unit, intent CAPTURE; a repeated
 *                                              PayPal-Request-Id answers the first order again
 *   GET  /v2/checkout/orders/{id}
 *   POST /v2/checkout/orders/{id}/capture      422 ORDER_NOT_APPROVED before approval; replays per
 *                                              PayPal-Request-Id; 422 ORDER_ALREADY_CAPTURED for a
 *                                              new request id once captured; 404 for unknown ids
 *   POST /v2/payments/captures/{id}/refund     full or partial, replays per PayPal-Request-Id
 *   POST /v1/notifications/verify-webhook-signature
 *                                              SUCCESS only for headers made by signedWebhook()
 *   GET  /checkoutnow?token={id}               the buyer's approval page (the payer-action link):
 *                                              "Pay Now" approves and redirects to return_url
 *                                              with ?token={id}&PayerID=…, "Cancel" to cancel_url
 * Catalog Products v1 and Subscriptions v1 (tests/support/fake-paypal-billing.ts, whose header
 * says where PayPal's documents were followed and what the fake chose where they are silent):
 *   POST /v1/catalogs/products                 201; PROD-… id unless given (422
 *                                              DUPLICATE_RESOURCE_IDENTIFIER if taken); replays
 *                                              per PayPal-Request-Id; Prefer like orders
 *   GET  /v1/catalogs/products/{id}
 *   POST /v1/billing/plans                     201 P-… plan of the product (404 if unknown):
 *                                              up to two TRIAL cycles then one REGULAR; replays;
 *                                              Prefer
 *   GET  /v1/billing/plans/{id}
 *   POST /v1/billing/plans/{id}/activate | /deactivate            204 (422 PLAN_STATUS_INVALID)
 *   POST /v1/billing/plans/{id}/update-pricing-schemes            204, new prices and versions
 *   POST /v1/billing/subscriptions             201 I-… APPROVAL_PENDING with an approve link;
 *                                              plan must be ACTIVE (422 PLAN_STATUS_INVALID);
 *                                              replays; Prefer
 *   GET  /v1/billing/subscriptions/{id}        ?fields=plan adds the plan
 *   POST /v1/billing/subscriptions/{id}/cancel | /suspend | /activate
 *                                              204 (422 SUBSCRIPTION_STATUS_INVALID)
 *   POST /v1/billing/subscriptions/{id}/revise 200 with an approve link; the consented plan
 *                                              (same product) is billed from the next renewal
 *   GET  /v1/billing/subscriptions/{id}/transactions?start_time=…&end_time=…
 *   GET  /webapps/billing/subscriptions?ba_token=BA-…
 *                                              the buyer's consent page (the approve link): the
 *                                              plan's terms; "Agree & Subscribe" activates it and
 *                                              charges the first cycle once start_time has come
 *                                              (with user_action CONTINUE the button is
 *                                              "Continue" and leaves it APPROVED), then redirects
 *                                              to return_url with
 *                                              ?subscription_id=I-…&ba_token=BA-…&token=BA-…,
 *                                              "Cancel" to cancel_url
 *   GET  /webapps/billing/subscriptions/update?ba_token=BA-…     consent to a revision
 * POST /v2/payments/captures/{id}/refund also refunds a subscription's transaction by its id.
 * API calls need a Bearer token from the token endpoint (401 invalid_token otherwise).
 *
 * Test controls
 *   approve(orderId)            the buyer approves, as if they clicked "Pay Now"
 *   decline(orderId, kind)      the next capture is refused: 'instrument' (default) answers 422
 *                               INSTRUMENT_DECLINED and leaves the order APPROVED; 'capture'
 *                               completes the order with a DECLINED capture
 *   holdCapture(orderId)        the next capture is PENDING (PENDING_REVIEW); settleCapture(orderId)
 *                               later turns it COMPLETED
 *   expireTokens()              every issued access token stops working (PayPal answers 401)
 *   failNext(n, mode, filter?)  the next n API calls (optionally only those whose path contains
 *                               filter.path) fail: 'down' drops the connection, '500' answers 500,
 *                               'slow' waits filter.delayMs (default slowMs) and then handles the
 *                               call normally, like PayPal finishing work after the caller gave up
 *   signedWebhook(event)        { headers, body } of a delivery whose signature this fake accepts
 *   webhookEvent(orderId, type) a PayPal-shaped event (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.*)
 *                               about an order, to pass to signedWebhook
 *   order(orderId)              the order as GET /v2/checkout/orders/{id} shows it (or undefined)
 *   approveSubscription(id)     the buyer clicks "Agree & Subscribe" (no redirect); for an
 *                               ACTIVE subscription with a pending revision, consents to it
 *   renewSubscription(id, { fail? })
 *                               runs the next billing cycle now (ACTIVE only, else throws):
 *                               applies a consented revision, records a COMPLETED transaction
 *                               at the cycle's price (TRIAL then REGULAR), advances
 *                               next_billing_time and returns the transaction id; with fail,
 *                               nothing is paid, failed_payments_count, last_failed_payment and
 *                               outstanding_balance are set, SUSPENDED at the plan's
 *                               payment_failure_threshold; returns undefined
 *   subscription(id)            the subscription as GET shows it (or undefined)
 *   transactions(id)            its transactions, as the transactions endpoint shows them
 *   expireSubscription(id)      EXPIRED, as when all its cycles are done
 *   subscriptionWebhookEvent(id, type, transactionId?)
 *                               a PayPal-shaped BILLING.SUBSCRIPTION.* event (the subscription)
 *                               or PAYMENT.SALE.COMPLETED / REFUNDED / REVERSED (a transaction,
 *                               by default the last one), to pass to signedWebhook
 *   requests                    every call received, in order, with its answer's status
 * failNext and expireTokens apply to the subscription API calls as to the others; the buyer
 * pages (/checkoutnow, /webapps/…) never fail.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeBilling, type FakeSubscriptionWebhookType } from './fake-paypal-billing';
import {
  type Answer,
  cents,
  checkMoney,
  debugId,
  definedOnly,
  escapeHtml,
  type FakeRefund,
  formatCents,
  html,
  invalidField,
  isObject,
  type Json,
  type Money,
  notFound,
  optionalString,
  paypalError,
  paypalId,
  type Refundable,
  redirect,
  safeDecode,
  unprocessable,
} from './fake-paypal-http';

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** expires_in of issued access tokens (default 32400, PayPal's nine hours). */
  tokenTtlSeconds?: number;
  /** How long a 'slow' fault holds a call (default 5000 ms). */
  slowMs?: number;
}

export type FakeFault = 'down' | '500' | 'slow';

export interface FakeRequest {
  method: string;
  /** Path and query, e.g. '/v2/checkout/orders/5O190127TN364715T/capture'. */
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON, the raw text for other bodies, undefined when empty. */
  body: unknown;
  /** The answer's status; undefined while pending or when the connection was dropped. */
  status?: number;
}

export interface SignedWebhook {
  /** The paypal-* transmission headers and content-type, as PayPal sends them. */
  headers: Record<string, string>;
  body: string;
}

export type { FakeSubscriptionWebhookType } from './fake-paypal-billing';

export type FakeWebhookType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.PENDING'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED';

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: FakeRequest[];
  approve(orderId: string): void;
  decline(orderId: string, kind?: 'instrument' | 'capture'): void;
  holdCapture(orderId: string): void;
  settleCapture(orderId: string): void;
  expireTokens(): void;
  failNext(count: number, mode: FakeFault, filter?: { path?: string; delayMs?: number }): void;
  signedWebhook(event: object, options?: { webhookId?: string }): SignedWebhook;
  webhookEvent(orderId: string, type?: FakeWebhookType): Record<string, unknown>;
  order(orderId: string): Record<string, unknown> | undefined;
  /** The buyer clicks "Agree & Subscribe" (or consents to a pending revision); no redirect. */
  approveSubscription(subscriptionId: string): void;
  /** Runs the next billing cycle now: the new transaction's id, undefined if failed or free. */
  renewSubscription(subscriptionId: string, options?: { fail?: boolean }): string | undefined;
  subscription(subscriptionId: string): Record<string, unknown> | undefined;
  transactions(subscriptionId: string): Record<string, unknown>[];
  expireSubscription(subscriptionId: string): void;
  subscriptionWebhookEvent(
    subscriptionId: string,
    type: FakeSubscriptionWebhookType,
    transactionId?: string,
  ): Record<string, unknown>;
  close(): Promise<void>;
}

interface FakeCapture extends Refundable {
  reason?: string;
  create_time: string;
}

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id?: string; custom_id?: string; description?: string; amount: Money };
  context?: Json;
  viaPaymentSource: boolean;
  payerId?: string;
  nextCapture?: 'instrument' | 'capture' | 'pending';
  captures: FakeCapture[];
  create_time: string;
  update_time: string;
}

interface Fault {
  remaining: number;
  mode: FakeFault;
  path?: string;
  delayMs?: number;
}

const AUTH_ALGO = 'SHA256withRSA';
const MERCHANT_ID = 'FAKEMERCHANT7';

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const webhookId = options.webhookId ?? 'FAKEWEBHOOK1';
  const tokenTtl = options.tokenTtlSeconds ?? 32_400;
  const slowMs = options.slowMs ?? 5_000;
  const signingKey = randomBytes(32);

  const requests: FakeRequest[] = [];
  const tokens = new Map<string, number>();
  const orders = new Map<string, FakeOrder>();
  const createdByRequestId = new Map<string, Answer>();
  const replays = new Map<string, Answer>();
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let url = '';
  const billing = createFakeBilling({ baseUrl: () => url });

  const server = createServer((req, res) => {
    readBody(req).then(
      (text) => receive(req, res, text),
      () => res.destroy(),
    );
  });

  function receive(req: IncomingMessage, res: ServerResponse, text: string): void {
    const entry: FakeRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: flatHeaders(req),
      body: parseBody(text),
    };
    requests.push(entry);
    const reply = (answer: Answer) => {
      entry.status = answer.status;
      respond(res, answer);
    };
    const handle = () => reply(route(entry, text));
    const page = entry.path.startsWith('/checkoutnow') || entry.path.startsWith('/webapps/');
    const fault = page ? undefined : takeFault(entry.path);
    if (!fault) {
      handle();
    } else if (fault.mode === 'down') {
      req.socket.destroy();
    } else if (fault.mode === '500') {
      reply(paypalError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
    } else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        handle();
      }, fault.delayMs ?? slowMs);
      timers.add(timer);
    }
  }

  function takeFault(path: string): Fault | undefined {
    const fault = faults.find((f) => f.remaining > 0 && (!f.path || path.includes(f.path)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) faults.splice(faults.indexOf(fault), 1);
    return fault;
  }

  function route(request: FakeRequest, text: string): Answer {
    const { pathname, searchParams } = new URL(request.path, 'http://fake.invalid');
    const method = request.method;
    if (pathname === '/checkoutnow') {
      if (method === 'GET') return approvalPage(searchParams.get('token') ?? '');
      if (method === 'POST') return approvalSubmit(new URLSearchParams(text));
    }
    if (billing.isPage(pathname)) {
      return billing.page(method, pathname, searchParams, new URLSearchParams(text));
    }
    if (method === 'POST' && pathname === '/v1/oauth2/token') return issueToken(request);
    const known =
      /^\/v2\/checkout\/orders(\/[^/]+(\/capture)?)?$/.test(pathname) ||
      /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(pathname) ||
      pathname === '/v1/notifications/verify-webhook-signature' ||
      billing.handles(pathname);
    if (!known) return { status: 404 };
    if (!authorized(request)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    if (text.trim() !== '' && request.body === text && method === 'POST') {
      return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed.', {
        issue: 'MALFORMED_REQUEST_JSON',
        description: 'The request JSON is not well formed.',
        location: 'body',
      });
    }
    const body = isObject(request.body) ? request.body : {};
    const requestId = request.headers['paypal-request-id'];
    const representation = (request.headers.prefer ?? '').includes('return=representation');
    const segments = pathname.split('/').map(safeDecode);
    if (billing.handles(pathname)) {
      return billing.route({
        method,
        pathname,
        segments,
        body: request.body,
        requestId,
        query: searchParams,
        representation,
      });
    }
    if (method === 'POST' && pathname === '/v2/checkout/orders') {
      return createOrder(body, requestId, representation);
    }
    if (method === 'GET' && segments.length === 5) return getOrder(segments[4] ?? '');
    if (method === 'POST' && segments[5] === 'capture') {
      return captureOrder(segments[4] ?? '', requestId);
    }
    if (method === 'POST' && segments[5] === 'refund') {
      return refundCapture(segments[4] ?? '', body, requestId, representation);
    }
    if (method === 'POST' && pathname === '/v1/notifications/verify-webhook-signature') {
      return verifyWebhook(body);
    }
    return { status: 405 };
  }

  function issueToken(request: FakeRequest): Answer {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    if (form.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + tokenTtl * 1000);
    return {
      status: 200,
      body: {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-FAKE0000000000000',
        expires_in: tokenTtl,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  function authorized(request: FakeRequest): boolean {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const expiresAt = match?.[1] ? tokens.get(match[1]) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  function createOrder(body: Json, requestId: string | undefined, full: boolean): Answer {
    const replay = requestId ? createdByRequestId.get(requestId) : undefined;
    if (replay) return replay;
    const invalid = validateOrder(body);
    if (invalid) return invalid;
    const units = body.purchase_units as Json[];
    const unit = units[0] as Json;
    const paypalSource = isObject(body.payment_source) ? body.payment_source.paypal : undefined;
    const context = isObject(paypalSource) ? paypalSource.experience_context : undefined;
    const now = new Date().toISOString();
    const order: FakeOrder = {
      id: paypalId(17),
      status: isObject(paypalSource) ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      unit: {
        reference_id: optionalString(unit.reference_id),
        custom_id: optionalString(unit.custom_id),
        description: optionalString(unit.description),
        amount: unit.amount as Money,
      },
      context: isObject(context) ? context : undefined,
      viaPaymentSource: isObject(paypalSource),
      captures: [],
      create_time: now,
      update_time: now,
    };
    orders.set(order.id, order);
    const answer: Answer = { status: 201, body: full ? orderJson(order) : minimalOrder(order) };
    if (requestId) createdByRequestId.set(requestId, answer);
    return answer;
  }

  function validateOrder(body: Json): Answer | undefined {
    if (body.intent !== 'CAPTURE') {
      return invalidField('/intent', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE');
    }
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1 || !isObject(units[0])) {
      return invalidField('/purchase_units', 'INVALID_ARRAY_LENGTH', 'one purchase unit expected');
    }
    const unit = units[0];
    const money = checkMoney(unit.amount, '/purchase_units/@reference_id/amount');
    if (money) return money;
    for (const [field, max] of [
      ['description', 127],
      ['custom_id', 127],
      ['reference_id', 256],
    ] as const) {
      const value = unit[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > max)) {
        return invalidField(
          `/purchase_units/@reference_id/${field}`,
          'INVALID_STRING_MAX_LENGTH',
          `${field} is longer than ${max} characters`,
        );
      }
    }
    const source = body.payment_source;
    const context =
      isObject(source) && isObject(source.paypal) ? source.paypal.experience_context : undefined;
    if (isObject(context)) {
      for (const field of ['return_url', 'cancel_url'] as const) {
        const value = context[field];
        if (value !== undefined && (typeof value !== 'string' || !URL.canParse(value))) {
          return invalidField(
            `/payment_source/paypal/experience_context/${field}`,
            'INVALID_PARAMETER_SYNTAX',
            `${field} is not a URL`,
          );
        }
      }
      const locale = context.locale;
      if (
        locale !== undefined &&
        (typeof locale !== 'string' ||
          !/^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/.test(locale))
      ) {
        return invalidField(
          '/payment_source/paypal/experience_context/locale',
          'INVALID_PARAMETER_SYNTAX',
          'locale is malformed',
        );
      }
    }
    return undefined;
  }

  function getOrder(id: string): Answer {
    const order = orders.get(id);
    if (!order) return notFound('order_id', id);
    return { status: 200, body: orderJson(order) };
  }

  function captureOrder(id: string, requestId: string | undefined): Answer {
    const key = `capture\n${id}\n${requestId ?? ''}`;
    const replay = requestId ? replays.get(key) : undefined;
    if (replay) return replay;
    const answer = newCapture(id);
    if (requestId && answer.status !== 404) replays.set(key, answer);
    return answer;
  }

  function newCapture(id: string): Answer {
    const order = orders.get(id);
    if (!order) return notFound('order_id', id);
    if (order.status === 'COMPLETED') {
      return unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== 'APPROVED') {
      return unprocessable(
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment. Please redirect the payer to the ' +
          "'rel':'payer-action' url returned as part of the HATEOAS links within the Create Order call.",
      );
    }
    const next = order.nextCapture;
    order.nextCapture = undefined;
    if (next === 'instrument') {
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const now = new Date().toISOString();
    order.captures.push({
      id: paypalId(17),
      status: next === 'capture' ? 'DECLINED' : next === 'pending' ? 'PENDING' : 'COMPLETED',
      ...(next === 'pending' ? { reason: 'PENDING_REVIEW' } : {}),
      amount: { ...order.unit.amount },
      refunds: [],
      create_time: now,
      update_time: now,
    });
    order.status = 'COMPLETED';
    order.update_time = now;
    return { status: 201, body: orderJson(order) };
  }

  function refundCapture(
    captureId: string,
    body: Json,
    requestId: string | undefined,
    full: boolean,
  ): Answer {
    const key = `refund\n${captureId}\n${requestId ?? ''}`;
    const replay = requestId ? replays.get(key) : undefined;
    if (replay) return replay;
    const capture: Refundable | undefined =
      findCapture(captureId)?.capture ?? billing.findTransaction(captureId);
    if (!capture) return notFound('capture_id', captureId);
    if (capture.status === 'REFUNDED') {
      return unprocessable(
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded.',
      );
    }
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return unprocessable('REFUND_NOT_ALLOWED', 'Only a completed capture can be refunded.');
    }
    const captured = cents(capture.amount.value);
    const refunded = capture.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0);
    let amount: Money = {
      currency_code: capture.amount.currency_code,
      value: formatCents(captured - refunded),
    };
    if (body.amount !== undefined) {
      const invalid = checkMoney(body.amount, '/amount');
      if (invalid) return invalid;
      amount = body.amount as Money;
      if (amount.currency_code !== capture.amount.currency_code) {
        return unprocessable(
          'REFUND_CAPTURE_CURRENCY_MISMATCH',
          'Refund must be in the same currency as the capture.',
        );
      }
      if (cents(amount.value) > captured - refunded) {
        return unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      }
    }
    const note = body.note_to_payer;
    if (note !== undefined && (typeof note !== 'string' || note.length > 255)) {
      return invalidField(
        '/note_to_payer',
        'INVALID_STRING_MAX_LENGTH',
        'note_to_payer is too long',
      );
    }
    const refund: FakeRefund = {
      id: paypalId(17),
      status: 'COMPLETED',
      amount,
      ...(typeof note === 'string' ? { note_to_payer: note } : {}),
      create_time: new Date().toISOString(),
    };
    capture.refunds.push(refund);
    const total = refunded + cents(amount.value);
    capture.status = total >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = refund.create_time;
    const links = [
      link(`/v2/payments/refunds/${refund.id}`, 'self', 'GET'),
      link(`/v2/payments/captures/${capture.id}`, 'up', 'GET'),
    ];
    const answer: Answer = {
      status: 201,
      body: full ? { ...refund, links } : { id: refund.id, status: refund.status, links },
    };
    if (requestId) replays.set(key, answer);
    return answer;
  }

  function verifyWebhook(body: Json): Answer {
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ] as const;
    for (const field of fields) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        return invalidField(`/${field}`, 'MISSING_REQUIRED_PARAMETER', `${field} is required`);
      }
    }
    if (!isObject(body.webhook_event)) {
      return invalidField(
        '/webhook_event',
        'MISSING_REQUIRED_PARAMETER',
        'webhook_event is required',
      );
    }
    const expected = signature(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      JSON.stringify(body.webhook_event),
    );
    const genuine =
      body.auth_algo === AUTH_ALGO &&
      body.cert_url === certUrl() &&
      body.transmission_sig === expected;
    return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
  }

  // PayPal signs transmission id, time, webhook id and a digest of the body; so does the fake,
  // with an HMAC key only it knows instead of PayPal's certificate.
  function signature(id: string, time: string, hookId: string, canonicalBody: string): string {
    const digest = createHash('sha256').update(canonicalBody).digest('hex');
    return createHmac('sha256', signingKey)
      .update(`${id}|${time}|${hookId}|${digest}`)
      .digest('base64');
  }

  function certUrl(): string {
    return `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`;
  }

  function approvalPage(id: string): Answer {
    const order = orders.get(id);
    if (!order) return html(404, '<h1>Fake PayPal</h1><p>This checkout link is not valid.</p>');
    const { value, currency_code } = order.unit.amount;
    return html(
      200,
      `<h1>Fake PayPal</h1>
<p>Order ${escapeHtml(order.id)}</p>
<p>${escapeHtml(order.unit.description ?? '')}</p>
<p><strong>${escapeHtml(value)} ${escapeHtml(currency_code)}</strong></p>
<form method="post" action="/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit" name="action" value="approve">Pay Now</button>
<button type="submit" name="action" value="cancel">Cancel and return</button>
</form>`,
    );
  }

  function approvalSubmit(form: URLSearchParams): Answer {
    const id = form.get('token') ?? '';
    const order = orders.get(id);
    if (!order) return html(404, '<h1>Fake PayPal</h1><p>This checkout link is not valid.</p>');
    if (form.get('action') === 'cancel') {
      return redirect(order.context?.cancel_url, { token: id });
    }
    if (order.status === 'COMPLETED') {
      return html(409, '<h1>Fake PayPal</h1><p>This order is already paid.</p>');
    }
    markApproved(order);
    return redirect(order.context?.return_url, { token: id, PayerID: order.payerId ?? '' });
  }

  function markApproved(order: FakeOrder): void {
    order.status = 'APPROVED';
    order.payerId ??= paypalId(13);
    order.update_time = new Date().toISOString();
  }

  function orderJson(order: FakeOrder): Json {
    const unit: Json = {
      ...definedOnly(order.unit),
      payee: { email_address: 'merchant@turbovpn.example', merchant_id: MERCHANT_ID },
    };
    if (order.captures.length > 0) {
      unit.payments = { captures: order.captures.map((c) => captureJson(c, order)) };
    }
    const payer = order.payerId
      ? {
          name: { given_name: 'Test', surname: 'Buyer' },
          email_address: 'buyer@example.com',
          payer_id: order.payerId,
        }
      : undefined;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(order.viaPaymentSource
        ? {
            payment_source: {
              paypal: payer
                ? {
                    email_address: payer.email_address,
                    account_id: payer.payer_id,
                    account_status: 'VERIFIED',
                    name: payer.name,
                  }
                : {},
            },
          }
        : {}),
      purchase_units: [unit],
      ...(payer ? { payer } : {}),
      create_time: order.create_time,
      update_time: order.update_time,
      links: orderLinks(order),
    };
  }

  function minimalOrder(order: FakeOrder): Json {
    return {
      id: order.id,
      status: order.status,
      ...(order.viaPaymentSource ? { payment_source: { paypal: {} } } : {}),
      links: orderLinks(order),
    };
  }

  function orderLinks(order: FakeOrder): Json[] {
    const links = [link(`/v2/checkout/orders/${order.id}`, 'self', 'GET')];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      const rel = order.viaPaymentSource ? 'payer-action' : 'approve';
      links.push(link(`/checkoutnow?token=${order.id}`, rel, 'GET'));
    }
    if (order.status === 'APPROVED') {
      links.push(link(`/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST'));
    }
    return links;
  }

  function captureJson(capture: FakeCapture, order: FakeOrder): Json {
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
      amount: capture.amount,
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      ...(order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
      links: [
        link(`/v2/payments/captures/${capture.id}`, 'self', 'GET'),
        link(`/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
        link(`/v2/checkout/orders/${order.id}`, 'up', 'GET'),
      ],
      create_time: capture.create_time,
      update_time: capture.update_time,
    };
  }

  function findCapture(captureId: string): { order: FakeOrder; capture: FakeCapture } | undefined {
    for (const order of orders.values()) {
      const capture = order.captures.find((c) => c.id === captureId);
      if (capture) return { order, capture };
    }
    return undefined;
  }

  function knownOrder(orderId: string): FakeOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal has no order ${orderId}`);
    return order;
  }

  function link(path: string, rel: string, method: string): Json {
    return { href: `${url}${path}`, rel, method };
  }

  function webhookEvent(
    orderId: string,
    type: FakeWebhookType = 'PAYMENT.CAPTURE.COMPLETED',
  ): Json {
    const order = knownOrder(orderId);
    const base = {
      id: `WH-${paypalId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      event_type: type,
      links: [],
    };
    if (type === 'CHECKOUT.ORDER.APPROVED') {
      return {
        ...base,
        resource_type: 'checkout-order',
        resource_version: '2.0',
        summary: 'An order has been approved by buyer',
        resource: orderJson(order),
      };
    }
    const capture = order.captures.at(-1);
    if (!capture) throw new Error(`fake PayPal order ${orderId} has no capture`);
    const related = { related_ids: { order_id: order.id } };
    if (type === 'PAYMENT.CAPTURE.REFUNDED') {
      const refund = capture.refunds.at(-1);
      if (!refund) throw new Error(`fake PayPal capture ${capture.id} has no refund`);
      return {
        ...base,
        resource_type: 'refund',
        resource_version: '2.0',
        summary: `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`,
        resource: {
          ...refund,
          ...(order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
          links: [
            link(`/v2/payments/refunds/${refund.id}`, 'self', 'GET'),
            link(`/v2/payments/captures/${capture.id}`, 'up', 'GET'),
          ],
        },
      };
    }
    return {
      ...base,
      resource_type: 'capture',
      resource_version: '2.0',
      summary: `Payment ${type.slice('PAYMENT.CAPTURE.'.length).toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`,
      resource: { ...captureJson(capture, order), supplementary_data: related },
    };
  }

  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    requests,
    approve(orderId) {
      const order = knownOrder(orderId);
      if (order.status === 'COMPLETED')
        throw new Error(`fake PayPal order ${orderId} is completed`);
      markApproved(order);
    },
    decline(orderId, kind = 'instrument') {
      knownOrder(orderId).nextCapture = kind;
    },
    holdCapture(orderId) {
      knownOrder(orderId).nextCapture = 'pending';
    },
    settleCapture(orderId) {
      const capture = knownOrder(orderId).captures.find((c) => c.status === 'PENDING');
      if (!capture) throw new Error(`fake PayPal order ${orderId} has no pending capture`);
      capture.status = 'COMPLETED';
      capture.reason = undefined;
      capture.update_time = new Date().toISOString();
    },
    expireTokens() {
      tokens.clear();
    },
    failNext(count, mode, filter = {}) {
      if (count > 0) faults.push({ remaining: count, mode, ...filter });
    },
    signedWebhook(event, signOptions = {}) {
      const body = JSON.stringify(event);
      const transmissionId = randomBytes(16).toString('hex');
      const time = new Date().toISOString();
      const canonical = JSON.stringify(JSON.parse(body));
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': AUTH_ALGO,
          'paypal-cert-url': certUrl(),
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signature(
            transmissionId,
            time,
            signOptions.webhookId ?? webhookId,
            canonical,
          ),
        },
      };
    },
    webhookEvent,
    order(orderId) {
      const order = orders.get(orderId);
      return order ? orderJson(order) : undefined;
    },
    approveSubscription: billing.approveSubscription,
    renewSubscription: billing.renewSubscription,
    subscription: billing.subscription,
    transactions: billing.transactions,
    expireSubscription: billing.expireSubscription,
    subscriptionWebhookEvent: billing.subscriptionWebhookEvent,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function respond(res: ServerResponse, answer: Answer): void {
  if (res.destroyed || res.writableEnded) return;
  const headers: Record<string, string> = { 'paypal-debug-id': debugId(), ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  headers['content-type'] ??= 'application/json';
  res.writeHead(answer.status, headers).end(text);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
