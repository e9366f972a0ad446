import type { ServerErrorPlaces } from './server-error';

// Which server errors each form shows next to one of its fields (named as the control's `name`);
// every other error goes to the top of the form (server-error.ts). Body codes:
// src/server/account/errors.ts and src/server/payments/errors.ts; request fields: the API's
// schemas (src/server/account/schemas.ts), which a 400 names.

/** Login: 40101 'Incorrect username or password.' does not say which of the two, so the top. */
export const loginPlaces = {
  params: { username: 'email', password: 'password' },
} satisfies ServerErrorPlaces<'email' | 'password'>;

// A wrong (40003) or used-up (40002) code concerns the code field.
const codeCodes = { 40002: 'code', 40003: 'code' } as const;

/** Forgot password: the email step, then the code step (limits and resending: the top). */
export const forgotPasswordPlaces = {
  codes: codeCodes,
  params: { email: 'email', code: 'code' },
} satisfies ServerErrorPlaces<'email' | 'code'>;

/**
 * Reset password, and the claim step of a buyer's account. When the page does not ask for the
 * code (it came from /forgetPassword), a wrong code goes to the top instead.
 */
export const resetPasswordPlaces = {
  codes: codeCodes,
  params: { email: 'email', code: 'code', password: 'password' },
} satisfies ServerErrorPlaces<'email' | 'code' | 'password'>;

/** The first password of an account made at checkout. */
export const setPasswordPlaces = {
  params: { password: 'password' },
} satisfies ServerErrorPlaces<'password'>;

/** Change password: 'Incorrect password.' is the current one, 'Password no change.' the new. */
export const changePasswordPlaces = {
  codes: { 40001: 'current', 40004: 'password' },
  params: { current_password: 'current', new_password: 'password' },
} satisfies ServerErrorPlaces<'current' | 'password'>;

/**
 * Gift card redemption: 40010 invalid and 40905 already redeemed concern the code; 40903 (the
 * email's account has a password) goes to the top with the way to log in.
 */
export const giftRedeemPlaces = {
  codes: { 40010: 'gift-code', 40905: 'gift-code' },
  params: { code: 'gift-code', email: 'redeem-email' },
} satisfies ServerErrorPlaces<'gift-code' | 'redeem-email'>;

/** Confirming who one is (web/reauth): a wrong password or code concerns its field. */
export const reauthPlaces = {
  codes: { 40001: 'password', 40015: 'code' },
  params: { password: 'password', code: 'code' },
} satisfies ServerErrorPlaces<'password' | 'code'>;

/** The second step of a sign-in: a wrong code or recovery code concerns the field shown. */
export const mfaPlaces = {
  codes: { 40015: 'code' },
  params: { code: 'code', recovery_code: 'code' },
} satisfies ServerErrorPlaces<'code'>;

/** Turning two-factor on (the code) and off (the password and the code). */
export const totpPlaces = {
  codes: { 40001: 'password', 40015: 'code' },
  params: { password: 'password', code: 'code', recovery_code: 'code' },
} satisfies ServerErrorPlaces<'password' | 'code'>;

/** Email change: the new address, then the code mailed to it. */
export const emailChangePlaces = {
  codes: { 40021: 'new-email', 40907: 'new-email', 40002: 'code', 40003: 'code' },
  params: { new_email: 'new-email', code: 'code' },
} satisfies ServerErrorPlaces<'new-email' | 'code'>;
