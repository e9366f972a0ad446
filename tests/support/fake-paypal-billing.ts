/**
 * The billing part of the fake PayPal (tests/support/fake-paypal.ts): Catalog Products v1,
 * Subscriptions v1 (plans, subscriptions, their transactions), the buyer's consent pages, and the
 * test controls and webhook events about subscriptions. fake-paypal.ts creates it with
 * createFakeBilling(), checks the bearer token and applies its faults before handing a call to
 * route(); the endpoint and control lists are in that file's header.
 *
 * Sources: PayPal's OpenAPI documents (github.com/paypal/paypal-rest-api-specifications,
 * billing_subscriptions_v1.json and catalogs_products_v1.json: field names, limits, defaults and
 * the issue codes of each operation's 400/422 answers), developer.paypal.com (the Prefer header,
 * "Upgrade or downgrade a subscription", the subscriptions webhook list), error bodies quoted in
 * public issues (404 details carry only issue INVALID_RESOURCE_ID, "Requested resource ID was
 * not found."; information links point at .../docs/api/v1/billing/subscriptions#<name>), and
 * webhook deliveries published by integrators (sale and refund resources).
 *
 * How the fake behaves where PayPal's documentation leaves room:
 * - Prefer: return=minimal (the default) answers products {id, name, description, create_time,
 *   links}, plans {id, product_id, name, status, description, usage_type, create_time, links} and
 *   subscriptions {id, status, status_update_time, plan_id, custom_id, start_time, create_time,
 *   links}; return=representation the whole resource. PayPal-Request-Id replays a successful
 *   create (products, plans, subscriptions: the only billing calls PayPal lists it for).
 * - An unknown product_id (create plan), plan_id (create subscription, revise) or path id is
 *   404 RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID.
 * - Plans: payment_preferences is required (as in PayPal's schema); at most two TRIAL cycles and
 *   exactly one REGULAR cycle, which comes last; sequences run 1..n; a TRIAL cycle may omit
 *   pricing_scheme (a free trial), the REGULAR one may not; every price is in one currency
 *   (else 422 CURRENCY_MISMATCH); interval_count is at most 365 days, 52 weeks, 12 months or
 *   1 year. pricing_model and tiers are ignored; taxes and setup_fee are stored and shown, never
 *   charged.
 * - Subscriptions: start_time more than five minutes in the past is 400 ("Start time must be a
 *   valid future date and time."). quantity other than '1' needs a plan with
 *   quantity_supported (else 422 SUBSCRIPTION_CANNOT_HAVE_QUANTITY) and multiplies the price.
 *   The buyer's approval with user_action SUBSCRIBE_NOW (the default) activates at once;
 *   CONTINUE leaves it APPROVED until POST .../activate. Activation charges the first cycle
 *   when start_time has come (next_billing_time = start_time + one interval), otherwise
 *   next_billing_time = start_time and the first charge is a renewal.
 * - Cancel needs ACTIVE or SUSPENDED, suspend ACTIVE, activate SUSPENDED or APPROVED (the
 *   texts of PayPal's SUBSCRIPTION_STATUS_INVALID answers); cancel and suspend need a reason.
 * - Revise: PayPal requires the buyer's consent through the returned approve link ("if
 *   re-consent is not done ... the subscription continues to be billed on the existing plan")
 *   and the new price is "effective starting on the next billing cycle". So the fake records a
 *   pending revision; the consent page (or approveSubscription) consents; the next renewal then
 *   switches plan_id (trial cycles of the new plan count as done) and bills the new plan.
 *   GET shows the old plan_id until then. effective_time in the answer is next_billing_time.
 * - A failed renewal leaves the cycle unpaid: next_billing_time and cycle_executions stay,
 *   outstanding_balance is the cycle's price, failed_payments_count grows; at the plan's
 *   payment_failure_threshold (0 = never) the subscription is SUSPENDED. The next successful
 *   renewal pays that cycle and resets the count and the balance. No transaction is recorded
 *   for a failure.
 * - next_billing_time moves by one interval of the cycle just billed, from the previous one, in
 *   UTC; a month from the 31st is the month's last day (so the 31st drifts to the 28th after
 *   February; whether PayPal keeps the original day is not documented).
 * - Transactions get a fee of 3.49% + 0.49 (PayPal's US standard rate) and are refunded through
 *   POST /v2/payments/captures/{id}/refund (fake-paypal.ts), which marks them REFUNDED or
 *   PARTIALLY_REFUNDED.
 * - Webhook events: envelope {id 'WH-…-…', event_version '1.0', create_time, resource_type,
 *   resource_version, event_type, summary, resource, links [self, resend]} as in PayPal's
 *   BILLING.SUBSCRIPTION.ACTIVATED sample; BILLING.SUBSCRIPTION.* carry the subscription as GET
 *   shows it (resource_version '2.0'); PAYMENT.SALE.COMPLETED a v1 sale (state, amount {total,
 *   currency, details {subtotal}}, payment_mode, protection_eligibility(_type), transaction_fee,
 *   billing_agreement_id, custom, links self/refund) as in delivered sale events;
 *   PAYMENT.SALE.REFUNDED and .REVERSED a v1 refund (state, amount {total, currency}, sale_id,
 *   billing_agreement_id, custom, links self/sale) as in delivered refund events. REVERSED
 *   describes a reversal of the whole sale and changes nothing in the fake.
 */
import {
  type Answer,
  cents,
  checkMoney,
  escapeHtml,
  formatCents,
  html,
  isObject,
  type Json,
  type Money,
  paypalError,
  paypalId,
  type Refundable,
  redirect,
} from './fake-paypal-http';

export type FakeSubscriptionWebhookType =
  | 'BILLING.SUBSCRIPTION.CREATED'
  | 'BILLING.SUBSCRIPTION.ACTIVATED'
  | 'BILLING.SUBSCRIPTION.UPDATED'
  | 'BILLING.SUBSCRIPTION.CANCELLED'
  | 'BILLING.SUBSCRIPTION.SUSPENDED'
  | 'BILLING.SUBSCRIPTION.EXPIRED'
  | 'BILLING.SUBSCRIPTION.PAYMENT.FAILED'
  | 'PAYMENT.SALE.COMPLETED'
  | 'PAYMENT.SALE.REFUNDED'
  | 'PAYMENT.SALE.REVERSED';

/** What the billing part needs from the fake around it. */
export interface BillingHost {
  /** The fake's base URL (known once it listens). */
  baseUrl(): string;
}

/** One authorized API call under /v1/catalogs or /v1/billing. */
export interface BillingCall {
  method: string;
  pathname: string;
  /** The decoded path segments; segments[0] is ''. */
  segments: string[];
  /** The parsed JSON body, undefined when the request had none. */
  body: unknown;
  requestId?: string;
  query: URLSearchParams;
  /** Prefer: return=representation. */
  representation: boolean;
}

export interface FakeBilling {
  /** Whether the path is one of the Catalog Products or Subscriptions endpoints. */
  handles(pathname: string): boolean;
  route(call: BillingCall): Answer;
  /** Whether the path is a buyer page (subscription consent, revision consent). */
  isPage(pathname: string): boolean;
  page(method: string, pathname: string, query: URLSearchParams, form: URLSearchParams): Answer;
  /** A subscription's payment by id, for the captures refund endpoint. */
  findTransaction(id: string): Refundable | undefined;
  approveSubscription(id: string): void;
  renewSubscription(id: string, options?: { fail?: boolean }): string | undefined;
  subscription(id: string): Json | undefined;
  transactions(id: string): Json[];
  expireSubscription(id: string): void;
  subscriptionWebhookEvent(
    id: string,
    type: FakeSubscriptionWebhookType,
    transactionId?: string,
  ): Json;
}

type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
type SubscriptionStatus =
  | 'APPROVAL_PENDING'
  | 'APPROVED'
  | 'ACTIVE'
  | 'SUSPENDED'
  | 'CANCELLED'
  | 'EXPIRED';

interface FakeProduct {
  id: string;
  name: string;
  description?: string;
  type: string;
  category?: string;
  image_url?: string;
  home_url?: string;
  create_time: string;
  update_time: string;
}

interface Frequency {
  interval_unit: IntervalUnit;
  interval_count: number;
}

interface BillingCycle {
  frequency: Frequency;
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  total_cycles: number;
  pricing_scheme?: {
    version: number;
    fixed_price: Money;
    create_time: string;
    update_time: string;
  };
}

interface FakePlan {
  id: string;
  product_id: string;
  name: string;
  status: 'CREATED' | 'ACTIVE' | 'INACTIVE';
  description?: string;
  billing_cycles: BillingCycle[];
  payment_preferences: {
    auto_bill_outstanding: boolean;
    setup_fee: Money;
    setup_fee_failure_action: string;
    payment_failure_threshold: number;
  };
  taxes?: { percentage: string; inclusive: boolean };
  quantity_supported: boolean;
  currency: string;
  create_time: string;
  update_time: string;
}

interface CycleExecution {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  cycles_completed: number;
  total_cycles: number;
}

interface FakeTransaction extends Refundable {
  fee: Money;
  time: string;
}

interface Billing {
  executions: CycleExecution[];
  nextBillingTime?: string;
  lastPayment?: { amount: Money; time: string };
  failedCount: number;
  lastFailed?: Json;
  /** Unpaid amount in hundredths. */
  outstanding: number;
}

interface FakeSubscription {
  id: string;
  planId: string;
  status: SubscriptionStatus;
  statusUpdateTime: string;
  statusChangeNote?: string;
  customId?: string;
  startTime: string;
  quantity: string;
  /** As the create request gave it (a prefill). */
  subscriber?: Json;
  /** The PayPal account that approved. */
  payer?: {
    payer_id: string;
    email_address: string;
    name: { given_name: string; surname: string };
  };
  context?: Json;
  token: string;
  billing?: Billing;
  revision?: { planId: string; token: string; approved: boolean; context?: Json };
  transactions: FakeTransaction[];
  create_time: string;
  update_time: string;
}

const SUBSCRIPTIONS_DOCS = 'https://developer.paypal.com/docs/api/v1/billing/subscriptions#';
const PRODUCTS_DOCS = 'https://developer.paypal.com/docs/api/v1/catalogs/products#';
const BAD_REQUEST = 'Request is not well-formed, syntactically incorrect, or violates schema.';
const DATE_TIME =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])[Tt]([0-1][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/;
const LOCALE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;
const INTERVAL_MAX: Record<IntervalUnit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };
const START_TIME_GRACE_MS = 5 * 60_000;
const RETRY_DELAY_MS = 5 * 24 * 3_600_000;
const SUBSCRIPTION_SUMMARIES: Record<string, string> = {
  'BILLING.SUBSCRIPTION.CREATED': 'Subscription created',
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.UPDATED': 'Subscription updated',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Subscription expired',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
};

/** PayPal's error answers with the information link of one API. */
function errorsOf(docs: string) {
  return {
    invalid(field: string, issue: string, description: string, value?: unknown): Answer {
      const shown =
        typeof value === 'string' || typeof value === 'number' ? { value: String(value) } : {};
      return paypalError(
        400,
        'INVALID_REQUEST',
        BAD_REQUEST,
        { field, ...shown, location: 'body', issue, description },
        `${docs}INVALID_REQUEST`,
      );
    },
    invalidQuery(field: string, issue: string, description: string): Answer {
      return paypalError(
        400,
        'INVALID_REQUEST',
        BAD_REQUEST,
        { field, location: 'query', issue, description },
        `${docs}INVALID_REQUEST`,
      );
    },
    noBody(): Answer {
      return paypalError(
        400,
        'INVALID_REQUEST',
        BAD_REQUEST,
        { issue: 'MISSING_REQUEST_BODY', description: 'Request body is missing.' },
        `${docs}INVALID_REQUEST`,
      );
    },
    unprocessable(issue: string, description: string): Answer {
      return paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        { issue, description },
        `${docs}UNPROCESSABLE_ENTITY`,
      );
    },
    missing(): Answer {
      return paypalError(
        404,
        'RESOURCE_NOT_FOUND',
        'The specified resource does not exist.',
        { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
        `${docs}RESOURCE_NOT_FOUND`,
      );
    },
    money(value: unknown, field: string): Answer | undefined {
      return checkMoney(value, field, `${docs}INVALID_REQUEST`);
    },
  };
}

type Errors = ReturnType<typeof errorsOf>;

const billingErrors = errorsOf(SUBSCRIPTIONS_DOCS);
const productErrors = errorsOf(PRODUCTS_DOCS);

function checkString(
  errors: Errors,
  record: Json,
  name: string,
  path: string,
  limits: { max: number; min?: number; required?: boolean },
): Answer | undefined {
  const value = record[name];
  if (value === undefined) {
    return limits.required
      ? errors.invalid(path, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
      : undefined;
  }
  if (typeof value !== 'string') {
    return errors.invalid(
      path,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  if (value.length < (limits.min ?? 1)) {
    return errors.invalid(path, 'INVALID_STRING_MIN_LENGTH', 'The value of a field is too short.');
  }
  if (value.length > limits.max) {
    return errors.invalid(path, 'INVALID_STRING_MAX_LENGTH', 'The value of a field is too long.');
  }
  return undefined;
}

function checkInteger(
  errors: Errors,
  record: Json,
  name: string,
  path: string,
  limits: { min: number; max: number; required?: boolean },
): Answer | undefined {
  const value = record[name];
  if (value === undefined) {
    return limits.required
      ? errors.invalid(path, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
      : undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return errors.invalid(
      path,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  if (value < limits.min) {
    return errors.invalid(
      path,
      'INVALID_INTEGER_MIN_VALUE',
      'The integer value of a field is too small.',
      value,
    );
  }
  if (value > limits.max) {
    return errors.invalid(
      path,
      'INVALID_INTEGER_MAX_VALUE',
      'The integer value of a field is too large.',
      value,
    );
  }
  return undefined;
}

function checkEnum(
  errors: Errors,
  record: Json,
  name: string,
  path: string,
  allowed: readonly string[],
  required = false,
): Answer | undefined {
  const value = record[name];
  if (value === undefined) {
    return required
      ? errors.invalid(path, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.')
      : undefined;
  }
  if (typeof value !== 'string' || !allowed.includes(value)) {
    return errors.invalid(
      path,
      'INVALID_PARAMETER_VALUE',
      'The value of a field is invalid.',
      value,
    );
  }
  return undefined;
}

function checkUrl(errors: Errors, record: Json, name: string, path: string, required: boolean) {
  const invalid = checkString(errors, record, name, path, { min: 10, max: 4000, required });
  if (invalid) return invalid;
  const value = record[name];
  if (typeof value === 'string' && !URL.canParse(value)) {
    return errors.invalid(
      path,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      value,
    );
  }
  return undefined;
}

/** Money where zero is allowed (a setup fee of 0). */
function checkFee(value: unknown, field: string): Answer | undefined {
  if (isObject(value) && typeof value.value === 'string' && /^0+(\.0{1,2})?$/.test(value.value)) {
    return billingErrors.money({ ...value, value: '1' }, field);
  }
  return billingErrors.money(value, field);
}

// The application_context of a subscription or a revision.
function checkContext(context: unknown): Answer | undefined {
  if (context === undefined) return undefined;
  const path = '/application_context';
  if (!isObject(context)) {
    return billingErrors.invalid(
      path,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  const locale = context.locale;
  if (locale !== undefined && (typeof locale !== 'string' || !LOCALE.test(locale))) {
    return billingErrors.invalid(
      `${path}/locale`,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      locale,
    );
  }
  return (
    checkString(billingErrors, context, 'brand_name', `${path}/brand_name`, { max: 127 }) ??
    checkEnum(billingErrors, context, 'shipping_preference', `${path}/shipping_preference`, [
      'GET_FROM_FILE',
      'NO_SHIPPING',
      'SET_PROVIDED_ADDRESS',
    ]) ??
    checkEnum(billingErrors, context, 'user_action', `${path}/user_action`, [
      'CONTINUE',
      'SUBSCRIBE_NOW',
    ]) ??
    checkUrl(billingErrors, context, 'return_url', `${path}/return_url`, true) ??
    checkUrl(billingErrors, context, 'cancel_url', `${path}/cancel_url`, true)
  );
}

function iso(time = Date.now()): string {
  return new Date(time).toISOString();
}

function money(total: number, currency: string): Money {
  return { currency_code: currency, value: formatCents(total) };
}

// PayPal's standard US rate, in hundredths, never more than the payment.
function feeOf(total: number): number {
  return Math.min(total, Math.round(total * 0.0349) + 49);
}

// One interval later, in UTC; a month from the 31st ends on the month's last day.
function addInterval(time: string, frequency: Frequency): string {
  const date = new Date(time);
  const count = frequency.interval_count;
  if (frequency.interval_unit === 'DAY' || frequency.interval_unit === 'WEEK') {
    const days = frequency.interval_unit === 'DAY' ? count : 7 * count;
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString();
  }
  const months = frequency.interval_unit === 'MONTH' ? count : 12 * count;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

function periodText(frequency: Frequency): string {
  const unit = frequency.interval_unit.toLowerCase();
  return frequency.interval_count === 1 ? unit : `${frequency.interval_count} ${unit}s`;
}

function currentExecution(billing: Billing): CycleExecution | undefined {
  return billing.executions.find(
    (e) => e.total_cycles === 0 || e.cycles_completed < e.total_cycles,
  );
}

export function createFakeBilling(host: BillingHost): FakeBilling {
  const products = new Map<string, FakeProduct>();
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  /** ba_token → subscription id, for the consent pages (subscription and revision tokens). */
  const tokens = new Map<string, string>();
  const replays = new Map<string, Answer>();

  function link(path: string, rel: string, method: string): Json {
    return { href: `${host.baseUrl()}${path}`, rel, method };
  }

  function handles(pathname: string): boolean {
    return (
      /^\/v1\/catalogs\/products(\/[^/]+)?$/.test(pathname) ||
      /^\/v1\/billing\/plans(\/[^/]+(\/(activate|deactivate|update-pricing-schemes))?)?$/.test(
        pathname,
      ) ||
      /^\/v1\/billing\/subscriptions(\/[^/]+(\/(activate|cancel|suspend|revise|transactions))?)?$/.test(
        pathname,
      )
    );
  }

  function route(call: BillingCall): Answer {
    const { method } = call;
    const [, , area, kind, id, action] = call.segments;
    const notAllowed: Answer = { status: 405 };
    if (area === 'catalogs') {
      if (id === undefined) return method === 'POST' ? createProduct(call) : notAllowed;
      return method === 'GET' ? getProduct(id) : notAllowed;
    }
    if (kind === 'plans') {
      if (id === undefined) return method === 'POST' ? createPlan(call) : notAllowed;
      if (action === undefined) return method === 'GET' ? getPlan(id) : notAllowed;
      if (method !== 'POST') return notAllowed;
      if (action === 'update-pricing-schemes') return updatePricing(id, call.body);
      return setPlanStatus(id, action === 'activate' ? 'ACTIVE' : 'INACTIVE');
    }
    if (id === undefined) return method === 'POST' ? createSubscription(call) : notAllowed;
    if (action === undefined) {
      return method === 'GET' ? getSubscription(id, call.query) : notAllowed;
    }
    if (action === 'transactions') {
      return method === 'GET' ? listTransactions(id, call.query) : notAllowed;
    }
    if (method !== 'POST') return notAllowed;
    if (action === 'revise') return revise(id, call.body);
    return changeStatus(id, action as 'activate' | 'cancel' | 'suspend', call.body);
  }

  // A successful create answered again for the same PayPal-Request-Id.
  function once(kind: string, call: BillingCall, create: () => Answer): Answer {
    const key = call.requestId ? `${kind}\n${call.requestId}` : undefined;
    const replay = key ? replays.get(key) : undefined;
    if (replay) return replay;
    const answer = create();
    if (key && answer.status < 300) replays.set(key, answer);
    return answer;
  }

  // ---- Catalog products ----

  function createProduct(call: BillingCall): Answer {
    return once('product', call, () => {
      const body = isObject(call.body) ? call.body : {};
      const invalid = validateProduct(body);
      if (invalid) return invalid;
      if (typeof body.id === 'string' && products.has(body.id)) {
        return productErrors.unprocessable(
          'DUPLICATE_RESOURCE_IDENTIFIER',
          'Identifier must be unique.',
        );
      }
      const now = iso();
      const product: FakeProduct = {
        id: typeof body.id === 'string' ? body.id : `PROD-${paypalId(17)}`,
        name: body.name as string,
        description: body.description as string | undefined,
        type: body.type as string,
        category: body.category as string | undefined,
        image_url: body.image_url as string | undefined,
        home_url: body.home_url as string | undefined,
        create_time: now,
        update_time: now,
      };
      products.set(product.id, product);
      const links = productLinks(product);
      return {
        status: 201,
        body: call.representation
          ? productJson(product)
          : {
              id: product.id,
              name: product.name,
              ...(product.description ? { description: product.description } : {}),
              create_time: product.create_time,
              links,
            },
      };
    });
  }

  function validateProduct(body: Json): Answer | undefined {
    const e = productErrors;
    const invalid =
      checkString(e, body, 'name', '/name', { max: 127, required: true }) ??
      checkEnum(e, body, 'type', '/type', ['PHYSICAL', 'DIGITAL', 'SERVICE'], true) ??
      checkString(e, body, 'id', '/id', { min: 6, max: 50 }) ??
      checkString(e, body, 'description', '/description', { max: 256 }) ??
      checkString(e, body, 'category', '/category', { max: 256 });
    if (invalid) return invalid;
    if (typeof body.id === 'string' && body.id.startsWith('PROD-')) {
      return e.invalid(
        '/id',
        'INVALID_PARAMETER_SYNTAX',
        'Input identifier must not use system prefix(PROD-).',
        body.id,
      );
    }
    if (typeof body.category === 'string' && !/^[A-Z][A-Z_.]*$/.test(body.category)) {
      return e.invalid('/category', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    for (const field of ['image_url', 'home_url']) {
      const url = checkString(e, body, field, `/${field}`, { max: 2000 });
      if (url) return url;
      const value = body[field];
      if (typeof value === 'string' && !URL.canParse(value)) {
        return e.invalid(
          `/${field}`,
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
          value,
        );
      }
    }
    return undefined;
  }

  function getProduct(id: string): Answer {
    const product = products.get(id);
    return product ? { status: 200, body: productJson(product) } : productErrors.missing();
  }

  function productJson(product: FakeProduct): Json {
    return { ...product, links: productLinks(product) };
  }

  function productLinks(product: FakeProduct): Json[] {
    const path = `/v1/catalogs/products/${encodeURIComponent(product.id)}`;
    return [link(path, 'self', 'GET'), link(path, 'edit', 'PATCH')];
  }

  // ---- Plans ----

  function createPlan(call: BillingCall): Answer {
    return once('plan', call, () => {
      const body = isObject(call.body) ? call.body : {};
      const invalid = validatePlan(body);
      if (invalid) return invalid;
      if (!products.has(body.product_id as string)) return billingErrors.missing();
      const cycles = body.billing_cycles as Json[];
      const currencies = new Set(
        cycles.flatMap((c) => {
          const scheme = c.pricing_scheme;
          return isObject(scheme) && isObject(scheme.fixed_price)
            ? [String(scheme.fixed_price.currency_code)]
            : [];
        }),
      );
      const preferences = body.payment_preferences as Json;
      if (isObject(preferences.setup_fee)) {
        currencies.add(String(preferences.setup_fee.currency_code));
      }
      if (currencies.size > 1) {
        return billingErrors.unprocessable(
          'CURRENCY_MISMATCH',
          "The currency code is different from the plan's currency code.",
        );
      }
      const [currency = 'USD'] = currencies;
      const now = iso();
      const taxes = isObject(body.taxes) ? body.taxes : undefined;
      const plan: FakePlan = {
        id: `P-${paypalId(24)}`,
        product_id: body.product_id as string,
        name: body.name as string,
        status: (body.status as FakePlan['status'] | undefined) ?? 'ACTIVE',
        description: body.description as string | undefined,
        billing_cycles: cycles
          .map((c) => {
            const frequency = c.frequency as Json;
            const scheme = isObject(c.pricing_scheme) ? c.pricing_scheme : undefined;
            const price = scheme?.fixed_price as Money | undefined;
            return {
              frequency: {
                interval_unit: frequency.interval_unit as IntervalUnit,
                interval_count: (frequency.interval_count as number | undefined) ?? 1,
              },
              tenure_type: c.tenure_type as 'TRIAL' | 'REGULAR',
              sequence: c.sequence as number,
              total_cycles: (c.total_cycles as number | undefined) ?? 1,
              ...(price
                ? {
                    pricing_scheme: {
                      version: 1,
                      fixed_price: { currency_code: price.currency_code, value: price.value },
                      create_time: now,
                      update_time: now,
                    },
                  }
                : {}),
            };
          })
          .sort((a, b) => a.sequence - b.sequence),
        payment_preferences: {
          auto_bill_outstanding: (preferences.auto_bill_outstanding as boolean | undefined) ?? true,
          setup_fee: isObject(preferences.setup_fee)
            ? (preferences.setup_fee as unknown as Money)
            : { currency_code: currency, value: '0.0' },
          setup_fee_failure_action:
            (preferences.setup_fee_failure_action as string | undefined) ?? 'CANCEL',
          payment_failure_threshold:
            (preferences.payment_failure_threshold as number | undefined) ?? 0,
        },
        ...(taxes
          ? {
              taxes: {
                percentage: String(taxes.percentage),
                inclusive: taxes.inclusive !== false,
              },
            }
          : {}),
        quantity_supported: body.quantity_supported === true,
        currency,
        create_time: now,
        update_time: now,
      };
      plans.set(plan.id, plan);
      return {
        status: 201,
        body: call.representation
          ? planJson(plan)
          : {
              id: plan.id,
              product_id: plan.product_id,
              name: plan.name,
              status: plan.status,
              ...(plan.description ? { description: plan.description } : {}),
              usage_type: 'LICENSED',
              create_time: plan.create_time,
              links: planLinks(plan),
            },
      };
    });
  }

  function validatePlan(body: Json): Answer | undefined {
    const e = billingErrors;
    const invalid =
      checkString(e, body, 'product_id', '/product_id', { min: 6, max: 50, required: true }) ??
      checkString(e, body, 'name', '/name', { max: 127, required: true }) ??
      checkString(e, body, 'description', '/description', { max: 127 }) ??
      checkEnum(e, body, 'status', '/status', ['CREATED', 'ACTIVE']) ??
      validateCycles(body.billing_cycles) ??
      validatePreferences(body.payment_preferences);
    if (invalid) return invalid;
    if (body.quantity_supported !== undefined && typeof body.quantity_supported !== 'boolean') {
      return e.invalid(
        '/quantity_supported',
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    const taxes = body.taxes;
    if (taxes !== undefined) {
      if (
        !isObject(taxes) ||
        typeof taxes.percentage !== 'string' ||
        !/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/.test(taxes.percentage) ||
        (taxes.inclusive !== undefined && typeof taxes.inclusive !== 'boolean')
      ) {
        return e.invalid(
          '/taxes',
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        );
      }
    }
    return undefined;
  }

  function validateCycles(cycles: unknown): Answer | undefined {
    const e = billingErrors;
    if (cycles === undefined) {
      return e.invalid(
        '/billing_cycles',
        'MISSING_REQUIRED_PARAMETER',
        'A required field is missing.',
      );
    }
    if (!Array.isArray(cycles)) {
      return e.invalid(
        '/billing_cycles',
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    if (cycles.length === 0) {
      return e.invalid(
        '/billing_cycles',
        'INVALID_ARRAY_MIN_ITEMS',
        'The number of items in an array parameter is too small.',
      );
    }
    if (cycles.length > 12) {
      return e.invalid(
        '/billing_cycles',
        'INVALID_ARRAY_MAX_ITEMS',
        'The number of items in an array parameter is too large.',
      );
    }
    for (const [i, cycle] of cycles.entries()) {
      const path = `/billing_cycles/${i}`;
      const invalid = validateCycle(cycle, path);
      if (invalid) return invalid;
    }
    const list = cycles as Json[];
    const trials = list.filter((c) => c.tenure_type === 'TRIAL');
    const regulars = list.filter((c) => c.tenure_type === 'REGULAR');
    if (trials.length > 2 || regulars.length !== 1) {
      return e.invalid(
        '/billing_cycles',
        'INVALID_PARAMETER_VALUE',
        'A plan can have at most two trial cycles and only one regular cycle.',
      );
    }
    const sequences = list.map((c) => c.sequence as number).sort((a, b) => a - b);
    if (sequences.some((sequence, i) => sequence !== i + 1)) {
      return e.invalid(
        '/billing_cycles',
        'INVALID_PARAMETER_VALUE',
        'Billing cycle sequences must be unique and run from 1 to the number of cycles.',
      );
    }
    const regular = regulars[0] as Json;
    if (regular.sequence !== list.length) {
      return e.invalid(
        '/billing_cycles',
        'INVALID_PARAMETER_VALUE',
        'The trial cycles must run before the regular cycle.',
      );
    }
    return undefined;
  }

  function validateCycle(cycle: unknown, path: string): Answer | undefined {
    const e = billingErrors;
    if (!isObject(cycle)) {
      return e.invalid(
        path,
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    const frequency = cycle.frequency;
    if (frequency === undefined) {
      return e.invalid(
        `${path}/frequency`,
        'MISSING_REQUIRED_PARAMETER',
        'A required field is missing.',
      );
    }
    if (!isObject(frequency)) {
      return e.invalid(
        `${path}/frequency`,
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    const unit = checkEnum(
      e,
      frequency,
      'interval_unit',
      `${path}/frequency/interval_unit`,
      ['DAY', 'WEEK', 'MONTH', 'YEAR'],
      true,
    );
    if (unit) return unit;
    const invalid =
      checkInteger(e, frequency, 'interval_count', `${path}/frequency/interval_count`, {
        min: 1,
        max: INTERVAL_MAX[frequency.interval_unit as IntervalUnit],
      }) ??
      checkEnum(e, cycle, 'tenure_type', `${path}/tenure_type`, ['TRIAL', 'REGULAR'], true) ??
      checkInteger(e, cycle, 'sequence', `${path}/sequence`, { min: 1, max: 99, required: true }) ??
      checkInteger(e, cycle, 'total_cycles', `${path}/total_cycles`, { min: 0, max: 999 });
    if (invalid) return invalid;
    if (cycle.tenure_type === 'TRIAL' && cycle.total_cycles === 0) {
      return e.invalid(
        `${path}/total_cycles`,
        'INVALID_PARAMETER_VALUE',
        'Trial billing cycles can only be executed a finite number of times.',
        0,
      );
    }
    const scheme = cycle.pricing_scheme;
    if (scheme === undefined) {
      return cycle.tenure_type === 'REGULAR'
        ? e.invalid(
            `${path}/pricing_scheme`,
            'MISSING_REQUIRED_PARAMETER',
            'A required field is missing.',
          )
        : undefined;
    }
    if (!isObject(scheme)) {
      return e.invalid(
        `${path}/pricing_scheme`,
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    return e.money(scheme.fixed_price, `${path}/pricing_scheme/fixed_price`);
  }

  function validatePreferences(preferences: unknown): Answer | undefined {
    const e = billingErrors;
    const path = '/payment_preferences';
    if (preferences === undefined) {
      return e.invalid(path, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
    }
    if (!isObject(preferences)) {
      return e.invalid(
        path,
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    if (
      preferences.auto_bill_outstanding !== undefined &&
      typeof preferences.auto_bill_outstanding !== 'boolean'
    ) {
      return e.invalid(
        `${path}/auto_bill_outstanding`,
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
      );
    }
    return (
      (preferences.setup_fee === undefined
        ? undefined
        : checkFee(preferences.setup_fee, `${path}/setup_fee`)) ??
      checkEnum(e, preferences, 'setup_fee_failure_action', `${path}/setup_fee_failure_action`, [
        'CONTINUE',
        'CANCEL',
      ]) ??
      checkInteger(
        e,
        preferences,
        'payment_failure_threshold',
        `${path}/payment_failure_threshold`,
        { min: 0, max: 999 },
      )
    );
  }

  function getPlan(id: string): Answer {
    const plan = plans.get(id);
    return plan ? { status: 200, body: planJson(plan) } : billingErrors.missing();
  }

  function setPlanStatus(id: string, status: 'ACTIVE' | 'INACTIVE'): Answer {
    const plan = plans.get(id);
    if (!plan) return billingErrors.missing();
    if (status === 'INACTIVE' && plan.status !== 'ACTIVE') {
      return billingErrors.unprocessable(
        'PLAN_STATUS_INVALID',
        'Invalid plan status for deactivate action; plan status should be active.',
      );
    }
    if (status === 'ACTIVE' && plan.status === 'ACTIVE') {
      return billingErrors.unprocessable(
        'PLAN_STATUS_INVALID',
        'Invalid plan status for activate action; plan status should be either created or inactive.',
      );
    }
    plan.status = status;
    plan.update_time = iso();
    return { status: 204 };
  }

  function updatePricing(id: string, body: unknown): Answer {
    const e = billingErrors;
    const plan = plans.get(id);
    if (!plan) return e.missing();
    const schemes = isObject(body) ? body.pricing_schemes : undefined;
    if (schemes === undefined) {
      return e.invalid(
        '/pricing_schemes',
        'MISSING_REQUIRED_PARAMETER',
        'A required field is missing.',
      );
    }
    if (!Array.isArray(schemes) || schemes.length === 0) {
      return e.invalid(
        '/pricing_schemes',
        'INVALID_PARAMETER_VALUE',
        'The value of a field is invalid.',
      );
    }
    const updates: { cycle: BillingCycle; price: Money }[] = [];
    for (const [i, entry] of schemes.entries()) {
      const path = `/pricing_schemes/${i}`;
      if (!isObject(entry)) {
        return e.invalid(path, 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      }
      const invalid = checkInteger(
        e,
        entry,
        'billing_cycle_sequence',
        `${path}/billing_cycle_sequence`,
        {
          min: 1,
          max: 99,
          required: true,
        },
      );
      if (invalid) return invalid;
      const scheme = entry.pricing_scheme;
      if (!isObject(scheme)) {
        return e.invalid(
          `${path}/pricing_scheme`,
          'MISSING_REQUIRED_PARAMETER',
          'A required field is missing.',
        );
      }
      const price = e.money(scheme.fixed_price, `${path}/pricing_scheme/fixed_price`);
      if (price) return price;
      const cycle = plan.billing_cycles.find((c) => c.sequence === entry.billing_cycle_sequence);
      if (!cycle) {
        return e.unprocessable(
          'INVALID_BILLING_CYCLE_SEQUENCE',
          'The provided billing cycle sequence is not available.',
        );
      }
      const fixed = scheme.fixed_price as Money;
      if (fixed.currency_code !== plan.currency) {
        return e.unprocessable(
          'CURRENCY_MISMATCH',
          "The currency code is different from the plan's currency code.",
        );
      }
      updates.push({ cycle, price: { currency_code: fixed.currency_code, value: fixed.value } });
    }
    if (plan.status === 'INACTIVE') {
      return e.unprocessable(
        'PRICING_SCHEME_UPDATE_NOT_ALLOWED',
        'Pricing scheme update is not allowed for the plan.',
      );
    }
    const now = iso();
    for (const { cycle, price } of updates) {
      cycle.pricing_scheme = {
        version: (cycle.pricing_scheme?.version ?? 0) + 1,
        fixed_price: price,
        create_time: cycle.pricing_scheme?.create_time ?? now,
        update_time: now,
      };
    }
    plan.update_time = now;
    return { status: 204 };
  }

  function planJson(plan: FakePlan): Json {
    return {
      id: plan.id,
      product_id: plan.product_id,
      name: plan.name,
      status: plan.status,
      ...(plan.description ? { description: plan.description } : {}),
      usage_type: 'LICENSED',
      billing_cycles: plan.billing_cycles.map((c) => ({
        ...(c.pricing_scheme ? { pricing_scheme: { ...c.pricing_scheme } } : {}),
        frequency: { ...c.frequency },
        tenure_type: c.tenure_type,
        sequence: c.sequence,
        total_cycles: c.total_cycles,
      })),
      payment_preferences: { ...plan.payment_preferences },
      ...(plan.taxes ? { taxes: { ...plan.taxes } } : {}),
      quantity_supported: plan.quantity_supported,
      create_time: plan.create_time,
      update_time: plan.update_time,
      links: planLinks(plan),
    };
  }

  function planLinks(plan: FakePlan): Json[] {
    const path = `/v1/billing/plans/${plan.id}`;
    return [
      link(path, 'self', 'GET'),
      link(path, 'edit', 'PATCH'),
      plan.status === 'ACTIVE'
        ? link(`${path}/deactivate`, 'deactivate', 'POST')
        : link(`${path}/activate`, 'activate', 'POST'),
      link(`${path}/update-pricing-schemes`, 'edit', 'POST'),
    ];
  }

  // ---- Subscriptions ----

  function createSubscription(call: BillingCall): Answer {
    return once('subscription', call, () => {
      const e = billingErrors;
      if (!isObject(call.body)) return e.noBody();
      const body = call.body;
      const invalid = validateSubscription(body);
      if (invalid) return invalid;
      const plan = plans.get(body.plan_id as string);
      if (!plan) return e.missing();
      if (plan.status !== 'ACTIVE') {
        return e.unprocessable(
          'PLAN_STATUS_INVALID',
          'Invalid plan status for subscription creation; plan status should be active.',
        );
      }
      const quantity = typeof body.quantity === 'string' ? body.quantity : '1';
      if (Number(quantity) !== 1 && !plan.quantity_supported) {
        return e.unprocessable(
          'SUBSCRIPTION_CANNOT_HAVE_QUANTITY',
          "Subscription can't have quantity as the plan does not support quantity.",
        );
      }
      const now = iso();
      const subscriber = isObject(body.subscriber) ? body.subscriber : undefined;
      const subscription: FakeSubscription = {
        id: `I-${paypalId(12)}`,
        planId: plan.id,
        status: 'APPROVAL_PENDING',
        statusUpdateTime: now,
        customId: typeof body.custom_id === 'string' ? body.custom_id : undefined,
        startTime: typeof body.start_time === 'string' ? body.start_time : now,
        quantity,
        subscriber: subscriber
          ? {
              ...(typeof subscriber.email_address === 'string'
                ? { email_address: subscriber.email_address }
                : {}),
              ...(isObject(subscriber.name) ? { name: { ...subscriber.name } } : {}),
            }
          : undefined,
        context: isObject(body.application_context) ? { ...body.application_context } : undefined,
        token: `BA-${paypalId(17)}`,
        transactions: [],
        create_time: now,
        update_time: now,
      };
      subscriptions.set(subscription.id, subscription);
      tokens.set(subscription.token, subscription.id);
      return {
        status: 201,
        body: call.representation
          ? subscriptionJson(subscription)
          : {
              id: subscription.id,
              status: subscription.status,
              status_update_time: subscription.statusUpdateTime,
              plan_id: subscription.planId,
              ...(subscription.customId ? { custom_id: subscription.customId } : {}),
              start_time: subscription.startTime,
              create_time: subscription.create_time,
              links: subscriptionLinks(subscription),
            },
      };
    });
  }

  function validateSubscription(body: Json): Answer | undefined {
    const e = billingErrors;
    const invalid =
      checkString(e, body, 'plan_id', '/plan_id', { min: 3, max: 50, required: true }) ??
      checkString(e, body, 'custom_id', '/custom_id', { max: 127 }) ??
      checkString(e, body, 'quantity', '/quantity', { max: 32 }) ??
      checkContext(body.application_context);
    if (invalid) return invalid;
    const start = body.start_time;
    if (start !== undefined) {
      if (typeof start !== 'string' || !DATE_TIME.test(start)) {
        return e.invalid(
          '/start_time',
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
          start,
        );
      }
      if (Date.parse(start) < Date.now() - START_TIME_GRACE_MS) {
        return e.invalid(
          '/start_time',
          'INVALID_PARAMETER_VALUE',
          'Start time must be a valid future date and time.',
          start,
        );
      }
    }
    if (typeof body.quantity === 'string' && !/^[1-9]\d*$/.test(body.quantity)) {
      return e.invalid(
        '/quantity',
        'INVALID_PARAMETER_VALUE',
        'The value of a field is invalid.',
        body.quantity,
      );
    }
    const subscriber = body.subscriber;
    if (subscriber !== undefined) {
      if (!isObject(subscriber)) {
        return e.invalid(
          '/subscriber',
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        );
      }
      const email = subscriber.email_address;
      if (
        email !== undefined &&
        (typeof email !== 'string' ||
          email.length > 254 ||
          !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      ) {
        return e.invalid(
          '/subscriber/email_address',
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        );
      }
    }
    return undefined;
  }

  function getSubscription(id: string, query: URLSearchParams): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return billingErrors.missing();
    const fields = (query.get('fields') ?? '').split(',');
    return { status: 200, body: subscriptionJson(subscription, fields.includes('plan')) };
  }

  function changeStatus(
    id: string,
    action: 'activate' | 'cancel' | 'suspend',
    body: unknown,
  ): Answer {
    const e = billingErrors;
    const subscription = subscriptions.get(id);
    if (!subscription) return e.missing();
    const request = isObject(body) ? body : {};
    const invalid = checkString(e, request, 'reason', '/reason', {
      max: 128,
      required: action !== 'activate',
    });
    if (invalid) return invalid;
    const reason = typeof request.reason === 'string' ? request.reason : undefined;
    const allowed: Record<typeof action, { from: SubscriptionStatus[]; should: string }> = {
      cancel: { from: ['ACTIVE', 'SUSPENDED'], should: 'active or suspended' },
      suspend: { from: ['ACTIVE'], should: 'active' },
      activate: { from: ['SUSPENDED', 'APPROVED'], should: 'suspended' },
    };
    const rule = allowed[action];
    if (!rule.from.includes(subscription.status)) {
      return e.unprocessable(
        'SUBSCRIPTION_STATUS_INVALID',
        `Invalid subscription status for ${action} action; subscription status should be ${rule.should}.`,
      );
    }
    if (action === 'activate' && subscription.status === 'APPROVED') {
      startBilling(subscription);
    } else {
      setStatus(
        subscription,
        action === 'cancel' ? 'CANCELLED' : action === 'suspend' ? 'SUSPENDED' : 'ACTIVE',
      );
    }
    if (reason) subscription.statusChangeNote = reason;
    if (action === 'cancel') {
      if (subscription.billing) subscription.billing.nextBillingTime = undefined;
      dropRevision(subscription);
    }
    return { status: 204 };
  }

  function revise(id: string, body: unknown): Answer {
    const e = billingErrors;
    const subscription = subscriptions.get(id);
    if (!subscription) return e.missing();
    if (!isObject(body)) return e.noBody();
    const invalid =
      checkString(e, body, 'plan_id', '/plan_id', { min: 3, max: 50, required: true }) ??
      checkContext(body.application_context);
    if (invalid) return invalid;
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
      return e.unprocessable(
        'SUBSCRIPTION_STATUS_INVALID',
        'Invalid subscription status for revise action; subscription status should be active or suspended.',
      );
    }
    const plan = plans.get(body.plan_id as string);
    if (!plan) return e.missing();
    const current = knownPlan(subscription.planId);
    if (plan.status !== 'ACTIVE') {
      return e.unprocessable(
        'PLAN_STATUS_INVALID',
        'Invalid plan status for revise action; plan status should be active.',
      );
    }
    if (plan.product_id !== current.product_id) {
      return e.unprocessable(
        'PLAN_PRODUCT_NOT_COMPATIBLE',
        'The old and the new plans should be for the same product.',
      );
    }
    if (plan.currency !== current.currency) {
      return e.unprocessable(
        'CURRENCY_MISMATCH',
        "The currency code is different from the plan's currency code.",
      );
    }
    dropRevision(subscription);
    const revision = {
      planId: plan.id,
      token: `BA-${paypalId(17)}`,
      approved: false,
      context: isObject(body.application_context)
        ? { ...body.application_context }
        : subscription.context,
    };
    subscription.revision = revision;
    tokens.set(revision.token, subscription.id);
    subscription.update_time = iso();
    const path = `/v1/billing/subscriptions/${subscription.id}`;
    return {
      status: 200,
      body: {
        plan_id: plan.id,
        effective_time: subscription.billing?.nextBillingTime ?? iso(),
        plan_overridden: false,
        links: [
          link(
            `/webapps/billing/subscriptions/update?ba_token=${revision.token}`,
            'approve',
            'GET',
          ),
          link(path, 'edit', 'PATCH'),
          link(path, 'self', 'GET'),
          link(`${path}/cancel`, 'cancel', 'POST'),
          link(`${path}/suspend`, 'suspend', 'POST'),
          link(`${path}/capture`, 'capture', 'POST'),
        ],
      },
    };
  }

  function dropRevision(subscription: FakeSubscription): void {
    if (subscription.revision) tokens.delete(subscription.revision.token);
    subscription.revision = undefined;
  }

  function listTransactions(id: string, query: URLSearchParams): Answer {
    const e = billingErrors;
    const window: number[] = [];
    for (const name of ['start_time', 'end_time']) {
      const value = query.get(name);
      if (value === null) {
        return e.invalidQuery(name, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      }
      if (!DATE_TIME.test(value)) {
        return e.invalidQuery(
          name,
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        );
      }
      window.push(Date.parse(value));
    }
    const [start = 0, end = 0] = window;
    if (end < start) {
      return e.invalidQuery(
        'end_time',
        'INVALID_PARAMETER_VALUE',
        'The value of a field is invalid.',
      );
    }
    const subscription = subscriptions.get(id);
    if (!subscription) return e.missing();
    const found = subscription.transactions.filter((t) => {
      const time = Date.parse(t.time);
      return time >= start && time <= end;
    });
    const self = new URLSearchParams({
      start_time: query.get('start_time') ?? '',
      end_time: query.get('end_time') ?? '',
    });
    return {
      status: 200,
      body: {
        transactions: found.map((t) => transactionJson(subscription, t)),
        total_items: found.length,
        total_pages: 1,
        links: [link(`/v1/billing/subscriptions/${id}/transactions?${self}`, 'SELF', 'GET')],
      },
    };
  }

  function subscriptionJson(subscription: FakeSubscription, withPlan = false): Json {
    const subscriber = subscription.payer ?? subscription.subscriber;
    return {
      id: subscription.id,
      plan_id: subscription.planId,
      start_time: subscription.startTime,
      quantity: subscription.quantity,
      ...(subscriber ? { subscriber: structuredClone(subscriber) } : {}),
      ...(subscription.billing
        ? { billing_info: billingInfo(subscription, subscription.billing) }
        : {}),
      create_time: subscription.create_time,
      update_time: subscription.update_time,
      ...(subscription.customId ? { custom_id: subscription.customId } : {}),
      plan_overridden: false,
      ...(withPlan ? { plan: planJson(knownPlan(subscription.planId)) } : {}),
      status: subscription.status,
      ...(subscription.statusChangeNote
        ? { status_change_note: subscription.statusChangeNote }
        : {}),
      status_update_time: subscription.statusUpdateTime,
      links: subscriptionLinks(subscription),
    };
  }

  function billingInfo(subscription: FakeSubscription, billing: Billing): Json {
    const plan = knownPlan(subscription.planId);
    return {
      outstanding_balance: money(billing.outstanding, plan.currency),
      cycle_executions: billing.executions.map((e) => ({
        tenure_type: e.tenure_type,
        sequence: e.sequence,
        cycles_completed: e.cycles_completed,
        cycles_remaining: e.total_cycles === 0 ? 0 : e.total_cycles - e.cycles_completed,
        current_pricing_scheme_version:
          plan.billing_cycles.find((c) => c.sequence === e.sequence)?.pricing_scheme?.version ?? 1,
        total_cycles: e.total_cycles,
      })),
      ...(billing.lastPayment ? { last_payment: structuredClone(billing.lastPayment) } : {}),
      ...(billing.nextBillingTime ? { next_billing_time: billing.nextBillingTime } : {}),
      failed_payments_count: billing.failedCount,
      ...(billing.lastFailed ? { last_failed_payment: structuredClone(billing.lastFailed) } : {}),
    };
  }

  function subscriptionLinks(subscription: FakeSubscription): Json[] {
    const path = `/v1/billing/subscriptions/${subscription.id}`;
    const self = link(path, 'self', 'GET');
    const edit = link(path, 'edit', 'PATCH');
    switch (subscription.status) {
      case 'APPROVAL_PENDING':
        return [
          link(`/webapps/billing/subscriptions?ba_token=${subscription.token}`, 'approve', 'GET'),
          edit,
          self,
        ];
      case 'APPROVED':
        return [self, edit, link(`${path}/activate`, 'activate', 'POST')];
      case 'ACTIVE':
        return [
          self,
          edit,
          link(`${path}/suspend`, 'suspend', 'POST'),
          link(`${path}/cancel`, 'cancel', 'POST'),
          link(`${path}/capture`, 'capture', 'POST'),
        ];
      case 'SUSPENDED':
        return [
          self,
          edit,
          link(`${path}/activate`, 'activate', 'POST'),
          link(`${path}/cancel`, 'cancel', 'POST'),
          link(`${path}/capture`, 'capture', 'POST'),
        ];
      default:
        return [self];
    }
  }

  function transactionJson(subscription: FakeSubscription, transaction: FakeTransaction): Json {
    const payer = subscription.payer;
    const gross = cents(transaction.amount.value);
    const fee = cents(transaction.fee.value);
    const currency = transaction.amount.currency_code;
    return {
      status: transaction.status,
      id: transaction.id,
      amount_with_breakdown: {
        gross_amount: { ...transaction.amount },
        fee_amount: { ...transaction.fee },
        net_amount: money(gross - fee, currency),
      },
      ...(payer ? { payer_name: { ...payer.name }, payer_email: payer.email_address } : {}),
      time: transaction.time,
    };
  }

  function setStatus(subscription: FakeSubscription, status: SubscriptionStatus): void {
    const now = iso();
    subscription.status = status;
    subscription.statusUpdateTime = now;
    subscription.update_time = now;
  }

  // The buyer agrees on PayPal's consent page.
  function buyerApproves(subscription: FakeSubscription): void {
    subscription.payer ??= {
      payer_id: paypalId(13),
      email_address:
        typeof subscription.subscriber?.email_address === 'string'
          ? subscription.subscriber.email_address
          : 'buyer@example.com',
      name: { given_name: 'Test', surname: 'Buyer' },
    };
    if (subscription.context?.user_action === 'CONTINUE') {
      setStatus(subscription, 'APPROVED');
    } else {
      startBilling(subscription);
    }
  }

  function startBilling(subscription: FakeSubscription): void {
    const plan = knownPlan(subscription.planId);
    setStatus(subscription, 'ACTIVE');
    subscription.billing = {
      executions: plan.billing_cycles.map((c) => ({
        tenure_type: c.tenure_type,
        sequence: c.sequence,
        cycles_completed: 0,
        total_cycles: c.total_cycles,
      })),
      nextBillingTime: subscription.startTime,
      failedCount: 0,
      outstanding: 0,
    };
    if (Date.parse(subscription.startTime) <= Date.now()) bill(subscription, false);
  }

  // Charges the current cycle: the transaction's id, or undefined for a free cycle or a failure.
  function bill(subscription: FakeSubscription, fail: boolean): string | undefined {
    const billing = subscription.billing;
    const execution = billing ? currentExecution(billing) : undefined;
    if (!billing || !execution || !billing.nextBillingTime) {
      throw new Error(`fake PayPal subscription ${subscription.id} has no billing cycle left`);
    }
    const plan = knownPlan(subscription.planId);
    const cycle = plan.billing_cycles.find(
      (c) => c.sequence === execution.sequence,
    ) as BillingCycle;
    const price = cycle.pricing_scheme?.fixed_price;
    const total = price ? cents(price.value) * Number(subscription.quantity) : 0;
    const now = iso();
    subscription.update_time = now;
    if (fail) {
      if (total === 0) throw new Error(`fake PayPal subscription ${subscription.id}: free cycle`);
      billing.failedCount += 1;
      billing.outstanding = total;
      billing.lastFailed = {
        amount: money(total, plan.currency),
        time: now,
        reason_code: 'PAYMENT_DENIED',
        next_payment_retry_time: iso(Date.now() + RETRY_DELAY_MS),
      };
      const threshold = plan.payment_preferences.payment_failure_threshold;
      if (threshold > 0 && billing.failedCount >= threshold) setStatus(subscription, 'SUSPENDED');
      return undefined;
    }
    let transactionId: string | undefined;
    if (total > 0) {
      const transaction: FakeTransaction = {
        id: paypalId(17),
        status: 'COMPLETED',
        amount: money(total, plan.currency),
        fee: money(feeOf(total), plan.currency),
        refunds: [],
        time: now,
        update_time: now,
      };
      subscription.transactions.push(transaction);
      billing.lastPayment = { amount: { ...transaction.amount }, time: now };
      transactionId = transaction.id;
    }
    billing.failedCount = 0;
    billing.outstanding = 0;
    execution.cycles_completed += 1;
    billing.nextBillingTime = currentExecution(billing)
      ? addInterval(billing.nextBillingTime, cycle.frequency)
      : undefined;
    return transactionId;
  }

  // A consented revision takes effect at the renewal: the new plan, its trials counted as done.
  function applyRevision(subscription: FakeSubscription): void {
    const revision = subscription.revision;
    if (!revision?.approved || !subscription.billing) return;
    const plan = knownPlan(revision.planId);
    subscription.planId = plan.id;
    subscription.billing.executions = plan.billing_cycles.map((c) => ({
      tenure_type: c.tenure_type,
      sequence: c.sequence,
      cycles_completed: c.tenure_type === 'TRIAL' ? c.total_cycles : 0,
      total_cycles: c.total_cycles,
    }));
    dropRevision(subscription);
    subscription.update_time = iso();
  }

  function knownPlan(id: string): FakePlan {
    const plan = plans.get(id);
    if (!plan) throw new Error(`fake PayPal has no plan ${id}`);
    return plan;
  }

  function knownSubscription(id: string): FakeSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake PayPal has no subscription ${id}`);
    return subscription;
  }

  // ---- The buyer's pages ----

  function isPage(pathname: string): boolean {
    return (
      pathname === '/webapps/billing/subscriptions' ||
      pathname === '/webapps/billing/subscriptions/update'
    );
  }

  function page(
    method: string,
    pathname: string,
    query: URLSearchParams,
    form: URLSearchParams,
  ): Answer {
    const revision = pathname.endsWith('/update');
    const token = (method === 'POST' ? form.get('ba_token') : query.get('ba_token')) ?? '';
    const subscription = subscriptions.get(tokens.get(token) ?? '');
    const pending = revision ? subscription?.revision : undefined;
    if (!subscription || (revision ? pending?.token !== token : subscription.token !== token)) {
      return html(404, '<h1>Fake PayPal</h1><p>This subscription link is not valid.</p>');
    }
    if (method !== 'GET' && method !== 'POST') return { status: 405 };
    const context = pending ? pending.context : subscription.context;
    const params = { subscription_id: subscription.id, ba_token: token, token };
    if (method === 'POST' && form.get('action') === 'cancel') {
      if (pending) dropRevision(subscription);
      return redirect(context?.cancel_url, params);
    }
    if (pending ? pending.approved : subscription.status !== 'APPROVAL_PENDING') {
      return html(409, '<h1>Fake PayPal</h1><p>This subscription is already approved.</p>');
    }
    if (method === 'GET') return consentPage(subscription, token, pending?.planId, pathname);
    if (pending) {
      pending.approved = true;
      subscription.update_time = iso();
    } else {
      buyerApproves(subscription);
    }
    return redirect(context?.return_url, params);
  }

  function consentPage(
    subscription: FakeSubscription,
    token: string,
    revisedPlanId: string | undefined,
    action: string,
  ): Answer {
    const plan = knownPlan(revisedPlanId ?? subscription.planId);
    const quantity = Number(subscription.quantity);
    const price = (cycle: BillingCycle) =>
      cycle.pricing_scheme
        ? `${formatCents(cents(cycle.pricing_scheme.fixed_price.value) * quantity)} ${plan.currency}`
        : 'Free';
    // A revision skips the new plan's trials: its next payment is the regular price.
    const first = revisedPlanId
      ? plan.billing_cycles.find((c) => c.tenure_type === 'REGULAR')
      : plan.billing_cycles[0];
    const startsLater = Date.parse(subscription.startTime) > Date.now();
    const lines = [
      revisedPlanId
        ? `<p>From your next payment: <strong>${escapeHtml(first ? price(first) : '')}</strong></p>`
        : `<p>First payment: <strong>${escapeHtml(first ? price(first) : '')}</strong> ${
            startsLater ? `on ${escapeHtml(subscription.startTime.slice(0, 10))}` : 'today'
          }</p>`,
      ...plan.billing_cycles
        .filter((cycle) => !revisedPlanId || cycle.tenure_type === 'REGULAR')
        .map((cycle) => {
          const times =
            cycle.total_cycles === 0 ? 'until you cancel' : `${cycle.total_cycles} times`;
          const label = cycle.tenure_type === 'TRIAL' ? 'Trial' : 'Then';
          return `<p>${label}: <strong>${escapeHtml(price(cycle))}</strong> every ${periodText(cycle.frequency)}, ${times}</p>`;
        }),
    ];
    const brand = subscription.context?.brand_name;
    const label =
      subscription.context?.user_action === 'CONTINUE' && !revisedPlanId
        ? 'Continue'
        : 'Agree &amp; Subscribe';
    return html(
      200,
      `<h1>Fake PayPal</h1>
${typeof brand === 'string' ? `<p>${escapeHtml(brand)}</p>` : ''}
<p>Subscription ${escapeHtml(subscription.id)}</p>
<p>${escapeHtml(plan.name)}</p>
${lines.join('\n')}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="ba_token" value="${escapeHtml(token)}">
<button type="submit" name="action" value="approve">${label}</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
    );
  }

  // ---- Webhook events ----

  function subscriptionWebhookEvent(
    id: string,
    type: FakeSubscriptionWebhookType,
    transactionId?: string,
  ): Json {
    const subscription = knownSubscription(id);
    const eventId = `WH-${paypalId(17)}-${paypalId(17)}`;
    const base = {
      id: eventId,
      event_version: '1.0',
      create_time: iso(),
    };
    const links = [
      link(`/v1/notifications/webhooks-events/${eventId}`, 'self', 'GET'),
      link(`/v1/notifications/webhooks-events/${eventId}/resend`, 'resend', 'POST'),
    ];
    const summary = SUBSCRIPTION_SUMMARIES[type];
    if (summary) {
      return {
        ...base,
        resource_type: 'subscription',
        resource_version: '2.0',
        event_type: type,
        summary,
        resource: subscriptionJson(subscription),
        links,
      };
    }
    const custom = subscription.customId ? { custom: subscription.customId } : {};
    const transaction = transactionId
      ? subscription.transactions.find((t) => t.id === transactionId)
      : type === 'PAYMENT.SALE.REFUNDED'
        ? subscription.transactions.findLast((t) => t.refunds.length > 0)
        : subscription.transactions.at(-1);
    if (!transaction) {
      throw new Error(`fake PayPal subscription ${id} has no such transaction`);
    }
    const { value: total, currency_code: currency } = transaction.amount;
    const salePath = `/v1/payments/sale/${transaction.id}`;
    if (type === 'PAYMENT.SALE.COMPLETED') {
      return {
        ...base,
        resource_type: 'sale',
        resource_version: '1.0',
        event_type: type,
        summary: `Payment completed for ${total} ${currency}`,
        resource: {
          id: transaction.id,
          state: 'completed',
          amount: { total, currency, details: { subtotal: total } },
          payment_mode: 'INSTANT_TRANSFER',
          protection_eligibility: 'ELIGIBLE',
          protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
          transaction_fee: { value: transaction.fee.value, currency },
          billing_agreement_id: subscription.id,
          ...custom,
          create_time: transaction.time,
          update_time: transaction.update_time,
          links: [link(salePath, 'self', 'GET'), link(`${salePath}/refund`, 'refund', 'POST')],
        },
        links,
      };
    }
    let refund: { id: string; value: string; time: string };
    if (type === 'PAYMENT.SALE.REFUNDED') {
      const last = transaction.refunds.at(-1);
      if (!last) throw new Error(`fake PayPal transaction ${transaction.id} has no refund`);
      refund = { id: last.id, value: last.amount.value, time: last.create_time };
    } else {
      refund = { id: paypalId(17), value: total, time: iso() };
    }
    return {
      ...base,
      resource_type: 'refund',
      resource_version: '1.0',
      event_type: type,
      summary:
        type === 'PAYMENT.SALE.REFUNDED'
          ? `A ${refund.value} ${currency} sale payment was refunded`
          : `A ${refund.value} ${currency} payment has been reversed.`,
      resource: {
        id: refund.id,
        state: 'completed',
        amount: { total: refund.value, currency },
        sale_id: transaction.id,
        billing_agreement_id: subscription.id,
        ...custom,
        create_time: refund.time,
        update_time: refund.time,
        links: [
          link(`/v1/payments/refund/${refund.id}`, 'self', 'GET'),
          link(salePath, 'sale', 'GET'),
        ],
      },
      links,
    };
  }

  return {
    handles,
    route,
    isPage,
    page,
    findTransaction(id) {
      for (const subscription of subscriptions.values()) {
        const transaction = subscription.transactions.find((t) => t.id === id);
        if (transaction) return transaction;
      }
      return undefined;
    },
    approveSubscription(id) {
      const subscription = knownSubscription(id);
      if (subscription.status === 'APPROVAL_PENDING') {
        buyerApproves(subscription);
      } else if (subscription.revision && !subscription.revision.approved) {
        subscription.revision.approved = true;
        subscription.update_time = iso();
      } else {
        throw new Error(
          `fake PayPal subscription ${id} is ${subscription.status}: nothing to approve`,
        );
      }
    },
    renewSubscription(id, options = {}) {
      const subscription = knownSubscription(id);
      if (subscription.status !== 'ACTIVE') {
        throw new Error(`fake PayPal subscription ${id} is ${subscription.status}, not ACTIVE`);
      }
      applyRevision(subscription);
      return bill(subscription, options.fail === true);
    },
    subscription(id) {
      const subscription = subscriptions.get(id);
      return subscription ? subscriptionJson(subscription) : undefined;
    },
    transactions(id) {
      const subscription = knownSubscription(id);
      return subscription.transactions.map((t) => transactionJson(subscription, t));
    },
    expireSubscription(id) {
      const subscription = knownSubscription(id);
      if (subscription.status === 'CANCELLED' || subscription.status === 'EXPIRED') {
        throw new Error(`fake PayPal subscription ${id} is ${subscription.status}`);
      }
      setStatus(subscription, 'EXPIRED');
      if (subscription.billing) subscription.billing.nextBillingTime = undefined;
      dropRevision(subscription);
    },
    subscriptionWebhookEvent,
  };
}
