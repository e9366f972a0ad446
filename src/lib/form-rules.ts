// The rules of the site's public forms (contact, partner applications, newsletter, uninstall
// survey), shared by the browser (checked before sending) and the API (checked again). Every
// problem is reported as a message key of the `Forms.errors` namespace, so both sides show the
// same words: the spec's 'Please Enter Email' and '! Invalid Email provide' among them.
import { z } from 'zod';
import { isLocale, type Locale } from './locales';

// In the browser, zod must not probe for `new Function`: the page's CSP forbids eval, and the
// refused probe is reported as a violation even though zod catches it (docs/security.md).
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Keys of `Forms.errors` a rule can report. */
export const formErrorKeys = [
  'emailRequired',
  'invalidEmail',
  'nameRequired',
  'inquiryRequired',
  'tooLong',
  'topicInvalid',
  'channelsRequired',
  'invalidUrl',
  'tooManyChannels',
  'audienceRequired',
  'countryRequired',
  'reasonRequired',
  'reasonInvalid',
  'invalid',
] as const;
export type FormErrorKey = (typeof formErrorKeys)[number];

export function isFormErrorKey(value: unknown): value is FormErrorKey {
  return typeof value === 'string' && (formErrorKeys as readonly string[]).includes(value);
}

export const limits = {
  email: 254,
  name: 100,
  inquiry: 5000,
  audience: 1000,
  country: 80,
  channel: 300,
  channels: 10,
  comment: 2000,
  version: 32,
  campaign: 64,
} as const;

export const contactTopics = ['account', 'billing', 'refund', 'technical', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const partnerProgrammes = ['affiliate', 'influencer'] as const;
export type PartnerProgramme = (typeof partnerProgrammes)[number];

/** Reasons offered by the Chrome extension's uninstall survey, in display order. */
export const surveyReasons = [
  'notWorking',
  'slow',
  'tooManyAds',
  'connectionDrops',
  'missingLocation',
  'privacyConcerns',
  'anotherVpn',
  'temporaryUse',
  'other',
] as const;
export type SurveyReason = (typeof surveyReasons)[number];

/** Tracking values of influencer links (`?campaign=`): short slugs, nothing a script could use. */
export const campaignPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function normalizeCampaign(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return campaignPattern.test(trimmed) ? trimmed : null;
}

// A text that must be present: trimmed first, so spaces alone count as empty.
const requiredText = (requiredKey: FormErrorKey, max: number) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: 'tooLong' });

const emailField = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(limits.email, { error: 'invalidEmail' })
  .pipe(z.email({ error: 'invalidEmail' }));

const optionalText = (max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((value) => value ?? '');

const localeField = z
  .string()
  .optional()
  .transform((value): Locale => (isLocale(value) ? value : 'en'));

const httpUrl = z
  .string({ error: 'invalidUrl' })
  .trim()
  .max(limits.channel, { error: 'tooLong' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
        );
      } catch {
        return false;
      }
    },
    { error: 'invalidUrl' },
  );

export const contactSchema = z.object({
  email: emailField,
  name: requiredText('nameRequired', limits.name),
  inquiry: requiredText('inquiryRequired', limits.inquiry),
  // The select's empty choice means "no topic".
  topic: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(contactTopics, { error: 'topicInvalid' }).optional(),
  ),
  locale: localeField,
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

export const partnerApplicationSchema = z.object({
  programme: z.enum(partnerProgrammes, { error: 'invalid' }),
  name: requiredText('nameRequired', limits.name),
  email: emailField,
  channels: z
    .array(httpUrl, { error: 'channelsRequired' })
    .min(1, { error: 'channelsRequired' })
    .max(limits.channels, { error: 'tooManyChannels' }),
  audience: requiredText('audienceRequired', limits.audience),
  country: requiredText('countryRequired', limits.country),
  campaign: z
    .string()
    .optional()
    .transform((value) => normalizeCampaign(value)),
  locale: localeField,
});
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
export type PartnerApplication = z.output<typeof partnerApplicationSchema>;

export const newsletterSubscribeSchema = z.object({
  email: emailField,
  locale: localeField,
});
export type NewsletterSubscribe = z.output<typeof newsletterSubscribeSchema>;

export const surveySchema = z
  .object({
    reasons: z
      .array(z.enum(surveyReasons, { error: 'reasonInvalid' }), { error: 'reasonInvalid' })
      .max(surveyReasons.length, { error: 'reasonInvalid' })
      .default([])
      .transform((reasons) => [...new Set(reasons)]),
    comment: optionalText(limits.comment),
    version: z
      .string()
      .trim()
      .max(limits.version, { error: 'tooLong' })
      .regex(/^[0-9A-Za-z.+-]*$/, { error: 'invalid' })
      .optional(),
    locale: localeField,
  })
  // A reason or a few words: an empty survey tells us nothing.
  .refine((survey) => survey.reasons.length > 0 || survey.comment.length > 0, {
    error: 'reasonRequired',
    path: ['reasons'],
  });
export type SurveyInput = z.input<typeof surveySchema>;
export type Survey = z.output<typeof surveySchema>;

/** Channel links as typed into a text area: one per line (commas and spaces also separate). */
export function splitChannels(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export interface FieldError {
  field: string;
  key: FormErrorKey;
}

/** One error per field (the first), in form order, from a failed parse. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '(root)';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, key: isFormErrorKey(issue.message) ? issue.message : 'invalid' });
  }
  return out;
}
