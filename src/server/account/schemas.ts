import 'server-only';
import { z } from 'zod';
import { appTypeInfo } from '@/lib/app-types';
import { isLocale, type Locale } from '@/lib/locales';
import {
  checkCode,
  checkEmail,
  checkNewPassword,
  emailMaxLength,
  validationTexts,
} from '@/lib/password-rules';

// Request bodies of the accounts API. Rules come from src/lib/password-rules.ts, so the API
// refuses exactly what the site's forms refuse, with the same (English) texts.

export const emailField = z
  .string({ error: validationTexts.emailRequired })
  .max(emailMaxLength, validationTexts.emailInvalid)
  .superRefine((value, ctx) => {
    const problem = checkEmail(value);
    if (problem) ctx.addIssue({ code: 'custom', message: validationTexts[problem] });
  });

export const newPassword = z
  .string({ error: validationTexts.passwordRequired })
  .superRefine((value, ctx) => {
    const problem = checkNewPassword(value);
    if (problem) ctx.addIssue({ code: 'custom', message: validationTexts[problem] });
  });

const code = z.string({ error: validationTexts.codeRequired }).superRefine((value, ctx) => {
  const problem = checkCode(value);
  if (problem) ctx.addIssue({ code: 'custom', message: validationTexts[problem] });
});

// Longer inputs are never a password of ours and would only make argon2 work for nothing.
const anyPassword = (message: string) => z.string({ error: message }).min(1, message).max(128);

export const languageField = z
  .string()
  .optional()
  .refine((value) => value === undefined || isLocale(value), 'must be one of the site locales')
  .transform((value) => value as Locale | undefined);

export const loginSchema = z.object({
  username: z
    .string({ error: validationTexts.emailRequired })
    .trim()
    .min(1, validationTexts.emailRequired)
    .max(emailMaxLength, validationTexts.emailInvalid),
  password: anyPassword(validationTexts.passwordRequired),
});

export const codeRequestSchema = z.object({ email: emailField, language: languageField });
export const codeValidateSchema = z.object({ email: emailField, code });
export const resetPasswordSchema = z.object({ email: emailField, code, password: newPassword });
export const changePasswordSchema = z.object({
  current_password: anyPassword(validationTexts.currentPasswordRequired),
  new_password: newPassword,
});
export const setPasswordSchema = z.object({ password: newPassword });

const appType = z.coerce.number().int().min(1).max(999);
const deviceUserId = z.string().trim().min(1).max(128);

export const sessionRevokeSchema = z.object({
  id: z
    .string({ error: 'id is required' })
    .trim()
    .min(1, 'id is required')
    .max(64, 'id is too long'),
});
export const unbindSchema = z.object({ unbind_app_type: appType, unbind_user_id: deviceUserId });
export const bindSchema = z.object({
  app_type: appType.refine((value) => appTypeInfo(value) !== undefined, 'unknown app type'),
  device_user_id: deviceUserId,
  device_name: z.string().trim().max(100).default(''),
});
