import { randomBytes } from 'node:crypto';

// 32 symbols without the look-alikes 0/O, 1/I: each symbol is exactly 5 random bits, so
// masking bytes is unbiased. 16 symbols = 80 bits, shown as four groups of four.
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const length = 16;

/** A new gift card code from the CSPRNG, normalised (no dashes). */
export function newGiftCode(): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += alphabet[byte & 31];
  return code;
}

/** 'ABCDEFGHJKLMNPQR' → 'ABCD-EFGH-JKLM-NPQR' for display and email. */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * What a person typed → the stored form, or null when it cannot be a code. Spaces and dashes
 * are ignored and case does not matter. Codes never contain 0, O, 1 or I, so one typed is refused
 * rather than guessed at.
 */
export function normalizeGiftCode(input: string): string | null {
  if (input.length > 64) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== length) return null;
  for (const char of code) if (!alphabet.includes(char)) return null;
  return code;
}
