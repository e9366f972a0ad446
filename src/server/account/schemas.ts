import 'server-only';
import { z } from 'zod';
import { appTypeInfo } from '@/lib/app-types';
import { isLocale, type Locale } from '@/lib/locales';
import {
  checkAuthCode,
  checkCode,
  checkEmail,
  checkNewPassword,
  checkRecoveryCode,
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

// Two-factor: a code of the authenticator app or a recovery code, never both.
const authCode = z
  .string({ error: validationTexts.authCodeRequired })
  .max(20, validationTexts.codeInvalid)
  .superRefine((value, ctx) => {
    const problem = checkAuthCode(value);
    if (problem) ctx.addIssue({ code: 'custom', message: validationTexts[problem] });
  });
const recoveryCode = z
  .string()
  .max(40, validationTexts.recoveryCodeInvalid)
  .superRefine((value, ctx) => {
    const problem = checkRecoveryCode(value);
    if (problem) ctx.addIssue({ code: 'custom', message: validationTexts[problem] });
  });
const secondFactor = {
  code: authCode.optional(),
  recovery_code: recoveryCode.optional(),
};
function oneSecondFactor(value: { code?: string | undefined; recovery_code?: string | undefined }) {
  return (value.code === undefined) !== (value.recovery_code === undefined);
}
const oneFactorText = 'Give either code or recovery_code';

export const mfaLoginSchema = z
  .object({
    mfa_token: z.string({ error: 'mfa_token is required' }).min(1).max(100),
    ...secondFactor,
  })
  .refine(oneSecondFactor, oneFactorText);
export const totpEnableSchema = z.object({ code: authCode });
export const totpDisableSchema = z
  .object({ password: anyPassword(validationTexts.passwordRequired), ...secondFactor })
  .refine(oneSecondFactor, oneFactorText);
// The password, or a two-factor or recovery code: exactly one.
export const reauthSchema = z
  .object({ password: anyPassword(validationTexts.passwordRequired).optional(), ...secondFactor })
  .refine(
    (value) =>
      [value.password, value.code, value.recovery_code].filter((v) => v !== undefined).length === 1,
    'Give one of password, code or recovery_code',
  );

// A WebAuthn response as @simplewebauthn/browser sends it; the library checks its content.
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[\w-]*$/, 'must be base64url');
const webauthnResponse = z.looseObject({
  id: base64url.max(1024),
  rawId: base64url.max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export const passkeyRegisterSchema = z.object({
  response: webauthnResponse,
  name: z.string().trim().max(64, 'name is too long').default(''),
});
export const passkeyAssertionSchema = z.object({ response: webauthnResponse });
export const passkeyRemoveSchema = sessionRevokeSchema;

// Email change: the password here, or a recent re-authentication of the session.
export const emailChangeSchema = z.object({
  new_email: emailField,
  password: anyPassword(validationTexts.passwordRequired).optional(),
  language: languageField,
});
export const emailConfirmSchema = z.object({ code, language: languageField });

export const deleteAccountSchema = z.object({
  confirm: z.literal('DELETE', { error: 'confirm must be "DELETE"' }),
  language: languageField,
});

export const endSessionSchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(100),
});
