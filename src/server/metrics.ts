import 'server-only';
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Registry,
  Registry as RegistryClass,
} from 'prom-client';

/**
 * The Prometheus metrics of this process, served at /metrics. Every label has a bounded set of
 * values: HTTP routes are the API's route patterns (never raw paths), reasons and outcomes are
 * the fixed lists below.
 */

export const loginFailureReasons = [
  'unknown_account',
  'no_password',
  'wrong_password',
  'rate_limited',
  'blocked_region',
] as const;
export type LoginFailureReason = (typeof loginFailureReasons)[number];

/** What happened to a payment: an order's transitions and the refund requests' results. */
export const paymentOutcomes = [
  'created',
  'captured',
  'failed',
  'cancelled',
  'refunded',
  'refund_pending',
  'refund_queued',
] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

const methods: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  loginFailures: Counter<'reason'>;
  paymentOutcomes: Counter<'outcome'>;
  analyticsQueueDepth: Gauge;
}

type DepthSource = () => number;

interface MetricsState {
  metrics: Metrics;
  depthSources: Set<DepthSource>;
}

const stateKey = Symbol.for('turbovpn.metrics');
const holder = globalThis as typeof globalThis & { [stateKey]?: MetricsState };

function create(): MetricsState {
  const registry = new RegistryClass();
  const depthSources = new Set<DepthSource>();
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'API requests answered, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API request duration in seconds, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    loginFailures: new Counter({
      name: 'login_failures_total',
      help: 'Failed web sign-ins, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    paymentOutcomes: new Counter({
      name: 'payment_outcomes_total',
      help: 'Payment outcomes: orders created, captured, failed, cancelled or refunded; refund requests left pending or queued',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    analyticsQueueDepth: new Gauge({
      name: 'analytics_writer_queue_depth',
      help: 'Analytics events accepted but not yet written to the database',
      registers: [registry],
      collect() {
        let depth = 0;
        for (const source of depthSources) depth += source();
        this.set(depth);
      },
    }),
  };
  // Zero series exist from the start, so a rate() or an alert sees 0 rather than no data.
  for (const reason of loginFailureReasons) metrics.loginFailures.inc({ reason }, 0);
  for (const outcome of paymentOutcomes) metrics.paymentOutcomes.inc({ outcome }, 0);
  return { metrics, depthSources };
}

// Next bundles server modules into several chunks: one registry per process, on globalThis.
function state(): MetricsState {
  holder[stateKey] ??= create();
  return holder[stateKey];
}

export function metrics(): Metrics {
  return state().metrics;
}

/** Adds a source to the analytics queue depth gauge; returns a function that removes it. */
export function addQueueDepthSource(source: DepthSource): () => void {
  const sources = state().depthSources;
  sources.add(source);
  return () => sources.delete(source);
}

/** `2xx`, `4xx`, `5xx`…: the status label. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** The method label: the standard methods, anything else as `other`. */
export function methodLabel(method: string): string {
  return methods.has(method) ? method : 'other';
}

export function recordRequest(
  request: { method: string; route: string; status: number },
  seconds: number,
): void {
  const labels = {
    method: methodLabel(request.method),
    route: request.route,
    status: statusClass(request.status),
  };
  const current = metrics();
  current.httpRequests.inc(labels);
  current.httpDuration.observe(labels, seconds);
}

export function recordLoginFailure(reason: LoginFailureReason): void {
  metrics().loginFailures.inc({ reason });
}

export function recordPaymentOutcome(outcome: PaymentOutcome): void {
  metrics().paymentOutcomes.inc({ outcome });
}
