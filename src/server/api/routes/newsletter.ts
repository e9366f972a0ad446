import { Hono } from 'hono';
import { z } from 'zod';
import { newsletterSubscribeSchema } from '@/lib/form-rules';
import { localizePath } from '@/lib/locales';
import { clientLimitKeyOf } from '@/server/forms/client-ip';
import { consumeLimits, formLimits } from '@/server/forms/limits';
import {
  confirmSubscription,
  isTokenShape,
  newsletterPaths,
  subscribe,
  subscriberLocale,
  unsubscribe,
} from '@/server/forms/newsletter';
import { findSubscriberByUnsubscribeToken } from '@/server/forms/queries';
import { parseForm } from '@/server/forms/validation';
import { mailDelayed } from '@/server/mail/errors';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import type { AppEnv } from '../types';
import { validate } from '../validate';

export const newsletterRoutes = new Hono<AppEnv>();

// POST /api/mms/newsletter/v1/subscribe – start a double opt-in: mail a confirmation link.
// One answer for a new, pending, confirmed or unsubscribed address, given before any mail is
// tried (the mail is queued); 503 with code 50302 while the mail server is away, whatever the
// address.
newsletterRoutes.post('/subscribe', validate('json', z.looseObject({})), async (c) => {
  const input = await parseForm(newsletterSubscribeSchema, c.req.valid('json'));
  const { db } = c.var.db();
  await consumeLimits(db, [
    [formLimits.newsletterIp, clientLimitKeyOf(c)],
    [formLimits.newsletterEmail, input.email.toLowerCase()],
  ]);
  const { mailAvailable } = await subscribe(db, input);
  if (!mailAvailable) throw mailDelayed();
  return ok(c, { email: input.email, status: 'confirmation_sent' });
});

// GET /api/mms/newsletter/v1/confirm?token= – the mailed link: confirm once, back to /edmsub
newsletterRoutes.get('/confirm', async (c) => {
  const { db } = c.var.db();
  await consumeLimits(db, [[formLimits.newsletterTokenIp, clientLimitKeyOf(c)]]);
  const subscriber = await confirmSubscription(db, c.req.query('token'));
  if (!subscriber) return c.redirect(`${newsletterPaths.page}?confirmed=0`, 303);
  const page = localizePath(subscriberLocale(subscriber), newsletterPaths.page);
  return c.redirect(`${page}?confirmed=1`, 303);
});

// GET /api/mms/newsletter/v1/unsubscribe?token= – a browser opening the List-Unsubscribe URL:
// show the page with the button (a GET must not unsubscribe: mail scanners open links)
newsletterRoutes.get('/unsubscribe', async (c) => {
  const token = c.req.query('token');
  const subscriber = isTokenShape(token)
    ? await findSubscriberByUnsubscribeToken(c.var.db().db, token)
    : undefined;
  const page = subscriber
    ? localizePath(subscriberLocale(subscriber), newsletterPaths.page)
    : newsletterPaths.page;
  const query = isTokenShape(token) ? `?unsubscribe=${token}` : '?unsubscribe=invalid';
  return c.redirect(`${page}${query}`, 303);
});

/**
 * RFC 8058 one-click unsubscribe. Mail providers POST here without the site's app-type header,
 * so app.ts mounts this before that check; the unguessable token is what authorises the call.
 * The site's unsubscribe button posts to the same URL.
 */
export const newsletterOneClickRoutes = new Hono<AppEnv>();

// POST /api/mms/newsletter/v1/unsubscribe?token= – one-click (RFC 8058) and the site's button
newsletterOneClickRoutes.post('/unsubscribe', async (c) => {
  const { db } = c.var.db();
  await consumeLimits(db, [[formLimits.newsletterTokenIp, clientLimitKeyOf(c)]]);
  const subscriber = await unsubscribe(db, c.req.query('token'));
  if (!subscriber) throw ApiError.notFound('Unknown unsubscribe link');
  return ok(c, { status: 'unsubscribed' });
});
