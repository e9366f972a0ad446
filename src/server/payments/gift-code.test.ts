import { describe, expect, it } from 'vitest';
import { formatGiftCode, newGiftCode, normalizeGiftCode } from './gift-code';

describe('gift card codes', () => {
  it('are 16 symbols of the unambiguous alphabet, different every time', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newGiftCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
  });

  it('are shown in groups of four and read back whatever the spacing and case', () => {
    const code = newGiftCode();
    const shown = formatGiftCode(code);
    expect(shown).toMatch(/^(\w{4}-){3}\w{4}$/);
    expect(normalizeGiftCode(shown)).toBe(code);
    expect(normalizeGiftCode(` ${shown.toLowerCase().replaceAll('-', ' ')} `)).toBe(code);
  });

  it('refuses what cannot be a code', () => {
    for (const input of [
      '',
      'ABCD',
      'ABCD-EFGH-JKLM-NPQ0',
      'ABCD-EFGH-JKLM-NPQRS',
      'ÄBCD-EFGH-JKLM-NPQR',
      'x'.repeat(1000),
      "ABCD-EFGH-JKLM-NP' OR 1=1",
    ]) {
      expect(normalizeGiftCode(input)).toBeNull();
    }
  });
});
