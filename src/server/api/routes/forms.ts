import { Hono } from 'hono';
import { z } from 'zod';
import { contactSchema, partnerApplicationSchema, surveySchema } from '@/lib/form-rules';
import { campaignFrom } from '@/server/forms/campaign';
import { clientLimitKeyOf } from '@/server/forms/client-ip';
import { submitContact } from '@/server/forms/contact';
import { consumeLimits, formLimits } from '@/server/forms/limits';
import { submitPartnerApplication } from '@/server/forms/partners';
import { submitSurvey } from '@/server/forms/survey';
import { parseForm } from '@/server/forms/validation';
import { ok } from '../envelope';
import type { AppEnv } from '../types';
import { validate } from '../validate';

// Any JSON object; the form's own rule (src/lib/form-rules.ts) then names each bad field.
const jsonObject = z.looseObject({});

// One router per area, each mounted at its own prefix by app.ts.
export const contactRoutes = new Hono<AppEnv>();
export const partnerRoutes = new Hono<AppEnv>();
export const surveyRoutes = new Hono<AppEnv>();

// POST /api/mms/contact/v1/messages – the contact form: store, tell the team, acknowledge to the
// sender (a fixed text that repeats nothing they typed)
contactRoutes.post('/messages', validate('json', jsonObject), async (c) => {
  const message = await parseForm(contactSchema, c.req.valid('json'));
  const { db } = c.var.db();
  await consumeLimits(db, [
    [formLimits.contactIp, clientLimitKeyOf(c)],
    [formLimits.contactEmail, message.email.toLowerCase()],
  ]);
  return ok(c, await submitContact(db, message), 201);
});

// POST /api/mms/partners/v1/applications – affiliate and influencer applications
partnerRoutes.post('/applications', validate('json', jsonObject), async (c) => {
  const application = await parseForm(partnerApplicationSchema, c.req.valid('json'));
  // The visit's campaign cookie wins over the body: it is what the influencer's link set.
  const campaign =
    application.programme === 'influencer'
      ? (campaignFrom(c.req.raw) ?? application.campaign)
      : null;
  const { db } = c.var.db();
  await consumeLimits(db, [
    [formLimits.partnerIp, clientLimitKeyOf(c)],
    [formLimits.partnerEmail, `${application.programme}:${application.email.toLowerCase()}`],
  ]);
  return ok(c, await submitPartnerApplication(db, { ...application, campaign }), 201);
});

// POST /api/mms/survey/v1/uninstall – the Chrome extension's uninstall survey
surveyRoutes.post('/uninstall', validate('json', jsonObject), async (c) => {
  const survey = await parseForm(surveySchema, c.req.valid('json'));
  const { db } = c.var.db();
  await consumeLimits(db, [[formLimits.surveyIp, clientLimitKeyOf(c)]]);
  return ok(c, await submitSurvey(db, survey), 201);
});
