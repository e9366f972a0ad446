import { type Context, Hono } from 'hono';
import { escapeHtml } from '@/lib/escape-html';
import { brand } from '@/lib/site';
import { config } from '@/server/config';
import type { BillingCycle } from '@/server/payments/billing-cycles';
import {
  SANDBOX_SUBSCRIPTION_PREFIX,
  type SandboxProvider,
  type SandboxRevision,
  type SandboxSubscriptionWithPlan,
} from '@/server/payments/sandbox';
import { runSandboxRenewal } from '@/server/payments/sandbox-renewal';
import { ApiError } from '../errors';
import { ownOrigin } from '../request-origin';
import type { AppEnv } from '../types';

/**
 * The sandbox provider's approval page: what PayPal's page is to a real payment or subscription,
 * for a machine without PayPal credentials. Plain HTML with two forms (Pay and Cancel); the POSTs
 * must come from this site (Origin) under whatever name and port the browser reached it, and
 * nothing here exists when PayPal is configured. Subscriptions (ids starting 'SBXSUB') share the
 * page's address with orders.
 */
export const sandboxRoutes = new Hono<AppEnv>();

/**
 * The page's public address, which its forms post to (app.ts mounts this router at
 * /api/mms/payment/v1; paths.test.ts checks the two agree).
 */
export const sandboxFormPath = '/api/mms/payment/v1/sandbox/checkout';

function sandbox(c: Context<AppEnv>): SandboxProvider {
  const provider = c.var.payments();
  if (provider.name !== 'sandbox') throw ApiError.notFound();
  return provider as SandboxProvider;
}

/**
 * The origins this request reached the site under: the one the browser used (its Host, e.g.
 * http://127.0.0.1:3210), and SITE_URL's.
 */
function siteOrigins(c: Context<AppEnv>): string[] {
  return [ownOrigin(c), new URL(config().SITE_URL).origin];
}

/** The form was sent by a page of this site: Origin is one of its origins (or the request URL's). */
function sameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin');
  if (!origin) return false;
  return origin === new URL(c.req.url).origin || siteOrigins(c).includes(origin);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0b1b3a;margin:0;padding:24px}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 1px 3px #0002}
.note{background:#fef3c7;border-radius:8px;padding:10px 12px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#475569}
button{font:inherit;font-weight:600;border-radius:999px;padding:12px 20px;border:0;cursor:pointer;width:100%;margin-top:10px}
.pay{background:#0b5fff;color:#fff}.cancel{background:#e2e8f0;color:#0b1b3a}
.terms{padding-left:20px;line-height:1.6}</style></head>
<body><main>${body}</main></body></html>`;
}

/** A sandbox subscription's id (an order's is 'SBX' and hex digits). */
function isSubscriptionId(id: string | undefined): boolean {
  return id?.startsWith(SANDBOX_SUBSCRIPTION_PREFIX) ?? false;
}

const unitName = (unit: string, count: number) => `${unit.toLowerCase()}${count === 1 ? '' : 's'}`;

/** '1 year', '12 months'. */
const lengthText = (count: number, unit: string) => `${count} ${unitName(unit, count)}`;

/**
 * One billing cycle in words: '99.99 USD for 1 year', 'free for 12 months', '5.00 USD every
 * month for 3 months', '50.00 USD every year until cancelled'.
 */
function cycleText(cycle: BillingCycle, currency: string): string {
  const { count, unit } = cycle.period;
  const price =
    cycle.price === null || Number(cycle.price) === 0 ? undefined : `${cycle.price} ${currency}`;
  const every = count === 1 ? `every ${unitName(unit, 1)}` : `every ${lengthText(count, unit)}`;
  if (cycle.count === 0)
    return price ? `${price} ${every} until cancelled` : 'free until cancelled';
  const length = lengthText(cycle.count * count, unit);
  if (cycle.count === 1 || !price) return `${price ?? 'free'} for ${length}`;
  return `${price} ${every} for ${length}`;
}

/**
 * The terms as the buyer reads them, one line a cycle: 'Today: …' ('From 2030-01-31: …' when
 * billing starts later), then 'Then: …'.
 */
function termsText(cycles: BillingCycle[], currency: string, startTime: Date | null) {
  const start =
    startTime && startTime.getTime() > Date.now()
      ? `From ${startTime.toISOString().slice(0, 10)}`
      : 'Today';
  return cycles.map(
    (cycle, index) => `${index === 0 ? start : 'Then'}: ${cycleText(cycle, currency)}`,
  );
}

function subscribeLabel(subscription: SandboxSubscriptionWithPlan): string {
  const first = subscription.cycles[0];
  // Started again from the account: nothing is charged before the paid time ends.
  if (subscription.startTime && subscription.startTime.getTime() > Date.now()) {
    return `Subscribe, first payment on ${subscription.startTime.toISOString().slice(0, 10)}`;
  }
  return first && first.price !== null && Number(first.price) !== 0
    ? `Pay ${first.price} ${subscription.currency} and subscribe`
    : 'Start free trial and subscribe';
}

// The approval page of a subscription: its plan's terms and the two buttons.
async function subscriptionPage(c: Context<AppEnv>) {
  const subscription = await sandbox(c).findSubscription(c.req.param('id') ?? '');
  if (!subscription) throw ApiError.notFound('This sandbox subscription does not exist');
  const id = encodeURIComponent(subscription.id);
  const revision =
    subscription.status === 'ACTIVE' ? await sandbox(c).findRevision(subscription.id) : undefined;
  if (revision && !revision.approved) return revisionPage(c, subscription, revision);
  const terms = termsText(subscription.cycles, subscription.currency, subscription.startTime);
  const html = page(
    `Sandbox subscription – ${brand.name}`,
    `<h1>Sandbox subscription</h1>
<p class="note">This server has no PayPal credentials, so subscriptions go through the built-in sandbox. No money moves.</p>
<dl><dt>Item</dt><dd>${escapeHtml(subscription.planName)}</dd><dt>Status</dt><dd>${escapeHtml(subscription.status)}</dd></dl>
<ul class="terms">${terms.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${
  subscription.status === 'APPROVAL_PENDING'
    ? `<form method="post" action="${sandboxFormPath}/${id}/approve"><button class="pay" type="submit">${escapeHtml(subscribeLabel(subscription))}</button></form>
<form method="post" action="${sandboxFormPath}/${id}/cancel"><button class="cancel" type="submit">Cancel and return</button></form>`
    : subscription.status === 'ACTIVE'
      ? `<h2>Development</h2>
<p>Run the next billing now, as PayPal would on its date; the site records it as it records PayPal's.</p>
<form method="post" action="${sandboxFormPath}/${id}/renew"><button class="pay" type="submit">Renew now</button></form>
<form method="post" action="${sandboxFormPath}/${id}/renew"><input type="hidden" name="fail" value="1"><button class="cancel" type="submit">Fail the next renewal</button></form>`
      : '<p>This subscription is closed.</p>'
}${renewedNote(c.req.query('renewed'))}`,
  );
  return c.html(html);
}

/**
 * The consent page of a revision: the plan the subscription is to be billed on from its next
 * renewal, and the two buttons (approve, or cancel and keep the current plan).
 */
function revisionPage(
  c: Context<AppEnv>,
  subscription: SandboxSubscriptionWithPlan,
  revision: SandboxRevision,
) {
  const id = encodeURIComponent(subscription.id);
  const regular = revision.cycles.filter((cycle) => cycle.kind === 'regular');
  const from = subscription.nextBillingAt?.toISOString().slice(0, 10);
  const html = page(
    `Sandbox plan change – ${brand.name}`,
    `<h1>Sandbox plan change</h1>
<p class="note">This server has no PayPal credentials, so subscriptions go through the built-in sandbox. No money moves.</p>
<dl><dt>Now</dt><dd>${escapeHtml(subscription.planName)}</dd><dt>New plan</dt><dd>${escapeHtml(revision.planName)}</dd></dl>
<ul class="terms">${regular
      .map(
        (cycle) =>
          `<li>${escapeHtml(`${from ? `From ${from}` : 'From the next billing'}: ${cycleText(cycle, revision.currency)}`)}</li>`,
      )
      .join('')}</ul>
<form method="post" action="${sandboxFormPath}/${id}/approve"><button class="pay" type="submit">Agree to the new plan</button></form>
<form method="post" action="${sandboxFormPath}/${id}/cancel"><button class="cancel" type="submit">Cancel and return</button></form>`,
  );
  return c.html(html);
}

// GET /api/mms/payment/v1/sandbox/checkout/{id} – the approval page
sandboxRoutes.get('/sandbox/checkout/:id', async (c) => {
  if (isSubscriptionId(c.req.param('id'))) return subscriptionPage(c);
  const order = await sandbox(c).find(c.req.param('id'));
  if (!order) throw ApiError.notFound('This sandbox payment does not exist');
  const id = encodeURIComponent(order.id);
  const open = order.status === 'CREATED' || order.status === 'APPROVED';
  const html = page(
    `Sandbox payment – ${brand.name}`,
    `<h1>Sandbox payment</h1>
<p class="note">This server has no PayPal credentials, so payments go through the built-in sandbox. No money moves.</p>
<dl><dt>Item</dt><dd>${escapeHtml(order.description)}</dd><dt>Amount</dt><dd>${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</dd><dt>Status</dt><dd>${escapeHtml(order.status)}</dd></dl>
${
  open
    ? `<form method="post" action="${sandboxFormPath}/${id}/approve"><button class="pay" type="submit">Pay ${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</button></form>
<form method="post" action="${sandboxFormPath}/${id}/cancel"><button class="cancel" type="submit">Cancel and return</button></form>`
    : '<p>This payment is closed.</p>'
}`,
  );
  return c.html(html);
});

/**
 * Sends the buyer back to `stored`, the address stored with the order or subscription, with
 * `params` added (as PayPal adds its ids). Checkout made it on the origin its buyer used; one
 * made for another host (a checkout started with a forged Host) still sends this buyer back to
 * this site.
 */
function sendBack(c: Context<AppEnv>, stored: string, params: [string, string][]) {
  const back = new URL(stored);
  const target = siteOrigins(c).includes(back.origin)
    ? back
    : new URL(`${back.pathname}${back.search}`, ownOrigin(c));
  for (const [name, value] of params) target.searchParams.set(name, value);
  return c.redirect(target.toString(), 303);
}

async function decide(c: Context<AppEnv>, choice: 'approve' | 'cancel') {
  if (!sameOrigin(c)) throw ApiError.badRequest('This form must be sent from the payment page');
  const provider = sandbox(c);
  const id = c.req.param('id') ?? '';
  if (isSubscriptionId(id)) return decideSubscription(c, provider, id, choice);
  const existing = await provider.find(id);
  if (!existing) throw ApiError.notFound('This sandbox payment does not exist');
  const row = choice === 'approve' ? await provider.approve(id) : await provider.cancel(id);
  // Like PayPal, the buyer goes back with the provider's order id as `token`.
  return sendBack(c, choice === 'approve' && row ? existing.returnUrl : existing.cancelUrl, [
    ['token', existing.id],
  ]);
}

/**
 * The subscription's buttons. Approving activates it (and bills its first cycle); cancelling
 * changes nothing, as on PayPal, where it stays APPROVAL_PENDING. Like PayPal, the buyer goes
 * back with the subscription's id as `subscription_id` and `token`.
 */
async function decideSubscription(
  c: Context<AppEnv>,
  provider: SandboxProvider,
  id: string,
  choice: 'approve' | 'cancel',
) {
  const existing = await provider.findSubscription(id);
  if (!existing) throw ApiError.notFound('This sandbox subscription does not exist');
  const revision = existing.status === 'ACTIVE' ? await provider.findRevision(id) : undefined;
  if (revision && !revision.approved) {
    if (choice === 'approve') await provider.approveRevision(id);
    else await provider.declineRevision(id);
    return sendBack(c, choice === 'approve' ? revision.returnUrl : revision.cancelUrl, [
      ['subscription_id', existing.id],
      ['token', existing.id],
    ]);
  }
  let approved = false;
  if (choice === 'approve') {
    // A second press (another tab, a resent form) finds it active already: approved all the same.
    approved =
      (await provider.approveSubscription(id)) !== undefined ||
      (await provider.findSubscription(id))?.status === 'ACTIVE';
  }
  return sendBack(c, approved ? existing.returnUrl : existing.cancelUrl, [
    ['subscription_id', existing.id],
    ['token', existing.id],
  ]);
}

/** What the page says after its development buttons ran a renewal. */
function renewedNote(outcome: string | undefined): string {
  if (outcome === 'paid')
    return '<p class="note" role="status">Renewed: the payment is recorded.</p>';
  if (outcome === 'failed') {
    return '<p class="note" role="status">The renewal failed: the account shows the failed payment.</p>';
  }
  return '';
}

// POST /api/mms/payment/v1/sandbox/checkout/{id}/renew – development: run the next renewal now
sandboxRoutes.post('/sandbox/checkout/:id/renew', async (c) => {
  if (!sameOrigin(c)) throw ApiError.badRequest('This form must be sent from the payment page');
  const id = c.req.param('id');
  if (!isSubscriptionId(id) || !(await sandbox(c).findSubscription(id))) {
    throw ApiError.notFound('This sandbox subscription does not exist');
  }
  const fail = (await c.req.parseBody()).fail === '1';
  try {
    await runSandboxRenewal(c.var.db().db, sandbox(c), id, { fail });
  } catch {
    throw ApiError.badRequest('This subscription cannot renew now');
  }
  const back = new URL(`${sandboxFormPath}/${encodeURIComponent(id)}`, ownOrigin(c));
  back.searchParams.set('renewed', fail ? 'failed' : 'paid');
  return c.redirect(back.toString(), 303);
});

// POST /api/mms/payment/v1/sandbox/checkout/{id}/approve – the page's Pay button
sandboxRoutes.post('/sandbox/checkout/:id/approve', (c) => decide(c, 'approve'));
// POST /api/mms/payment/v1/sandbox/checkout/{id}/cancel – the page's Cancel button
sandboxRoutes.post('/sandbox/checkout/:id/cancel', (c) => decide(c, 'cancel'));
