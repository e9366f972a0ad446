// The password and sign-in form rules of spec 5, used by the browser before sending and by the
// server again. Each failure is a message key of the `Validation` namespace; `validationTexts`
// holds the English wording the API answers with (the browser shows the translated text).

export const passwordMinLength = 8;
export const passwordMaxLength = 20;

export const validationTexts = {
  emailRequired: 'Please Enter Email',
  emailInvalid: '! Invalid Email provide',
  passwordRequired: 'Please enter your password',
  passwordMinimum: 'Minimum 8 characters',
  passwordLength: 'Password must be 8-20 characters.',
  passwordCharacters: 'Password should contain uppercase and lowercase letters, and symbols.',
  passwordHint:
    'Password must be 8-20 characters, including uppercase, lowercase letters, and special symbols.',
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  confirmPasswordRequired: 'Please confirm the new password',
  passwordsMismatch: 'two passwords do not match',
  passwordUnchanged: 'Password no change.',
  codeRequired: 'Please enter the code from the email',
  codeInvalid: 'The code has 6 digits',
  authCodeRequired: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeInvalid: 'A recovery code has 10 letters and digits',
} as const;

export type ValidationKey = keyof typeof validationTexts;

// Printable ASCII is 0x20 (space) to 0x7e; a symbol is any of them that is not a letter,
// a digit or the space.
const printableAscii = /^[\x20-\x7e]*$/;
const symbol = /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/;

/** A new password (reset, change, set): 8–20 printable ASCII with lower, upper and a symbol. */
export function checkNewPassword(password: string): ValidationKey | null {
  if (password.length === 0) return 'passwordRequired';
  if (password.length < passwordMinLength || password.length > passwordMaxLength) {
    return 'passwordLength';
  }
  if (!printableAscii.test(password)) return 'passwordCharacters';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !symbol.test(password)) {
    return 'passwordCharacters';
  }
  return null;
}

/**
 * The password typed at login. Older accounts may have a password from the old rule
 * ("minimum 8"), so only that is checked (DECISIONS.md, Accounts and security).
 */
export function checkLoginPassword(password: string): ValidationKey | null {
  if (password.length === 0) return 'passwordRequired';
  if (password.length < passwordMinLength) return 'passwordMinimum';
  return null;
}

/** The new password and its confirmation, in the order a form reports them. */
export function checkPasswordPair(
  password: string,
  confirmation: string,
  current?: string,
): { field: 'password' | 'confirm'; key: ValidationKey } | null {
  if (password.length === 0) return { field: 'password', key: 'newPasswordRequired' };
  const problem = checkNewPassword(password);
  if (problem) return { field: 'password', key: problem };
  if (current !== undefined && current === password) {
    return { field: 'password', key: 'passwordUnchanged' };
  }
  if (confirmation.length === 0) return { field: 'confirm', key: 'confirmPasswordRequired' };
  if (confirmation !== password) return { field: 'confirm', key: 'passwordsMismatch' };
  return null;
}

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces. The
// mail server is the real judge; this catches typing mistakes.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailMaxLength = 254;

/** Trimmed and lower-cased, the way accounts are stored. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkEmail(email: string): ValidationKey | null {
  const trimmed = email.trim();
  if (trimmed.length === 0) return 'emailRequired';
  if (trimmed.length > emailMaxLength || !emailShape.test(trimmed)) return 'emailInvalid';
  return null;
}

/** One-time codes are 6 digits. */
/** A code of an authenticator app: 6 digits, spaces allowed ("123 456"). */
export function checkAuthCode(code: string): ValidationKey | null {
  const digits = code.replace(/\s+/g, '');
  if (digits.length === 0) return 'authCodeRequired';
  if (!/^\d{6}$/.test(digits)) return 'codeInvalid';
  return null;
}

/** A recovery code: 10 letters and digits, in any case, dashes and spaces allowed. */
export function checkRecoveryCode(code: string): ValidationKey | null {
  return /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]+/g, '')) ? null : 'recoveryCodeInvalid';
}

export function checkCode(code: string): ValidationKey | null {
  const trimmed = code.trim();
  if (trimmed.length === 0) return 'codeRequired';
  if (!/^\d{6}$/.test(trimmed)) return 'codeInvalid';
  return null;
}
