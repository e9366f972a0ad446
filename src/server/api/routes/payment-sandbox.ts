import { type Context, Hono } from 'hono';
import { escapeHtml } from '@/lib/escape-html';
import { brand } from '@/lib/site';
import { config } from '@/server/config';
import type { SandboxProvider } from '@/server/payments/sandbox';
import { ApiError } from '../errors';
import { ownOrigin } from '../request-origin';
import type { AppEnv } from '../types';

/**
 * The sandbox provider's approval page: what PayPal's page is to a real payment, for a machine
 * without PayPal credentials. Plain HTML with two forms (Pay and Cancel); the POSTs must come
 * from this site (Origin) under whatever name and port the browser reached it, and nothing here
 * exists when PayPal is configured.
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
.pay{background:#0b5fff;color:#fff}.cancel{background:#e2e8f0;color:#0b1b3a}</style></head>
<body><main>${body}</main></body></html>`;
}

// GET /api/mms/payment/v1/sandbox/checkout/{id} – the approval page
sandboxRoutes.get('/sandbox/checkout/:id', async (c) => {
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

async function decide(c: Context<AppEnv>, choice: 'approve' | 'cancel') {
  if (!sameOrigin(c)) throw ApiError.badRequest('This form must be sent from the payment page');
  const provider = sandbox(c);
  const id = c.req.param('id') ?? '';
  const existing = await provider.find(id);
  if (!existing) throw ApiError.notFound('This sandbox payment does not exist');
  const row = choice === 'approve' ? await provider.approve(id) : await provider.cancel(id);
  // Like PayPal, the buyer goes back with the provider's order id as `token`, to the address
  // stored with the order. Checkout made it on the origin its buyer used; one made for another
  // host (a checkout started with a forged Host) still sends this buyer back to this site.
  const stored = new URL(choice === 'approve' && row ? existing.returnUrl : existing.cancelUrl);
  const target = siteOrigins(c).includes(stored.origin)
    ? stored
    : new URL(`${stored.pathname}${stored.search}`, ownOrigin(c));
  target.searchParams.set('token', existing.id);
  return c.redirect(target.toString(), 303);
}

// POST /api/mms/payment/v1/sandbox/checkout/{id}/approve – the page's Pay button
sandboxRoutes.post('/sandbox/checkout/:id/approve', (c) => decide(c, 'approve'));
// POST /api/mms/payment/v1/sandbox/checkout/{id}/cancel – the page's Cancel button
sandboxRoutes.post('/sandbox/checkout/:id/cancel', (c) => decide(c, 'cancel'));
