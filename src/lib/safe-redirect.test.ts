import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/myAccount', '/de/paystatus/web?x=1', '/'])('accepts the site path %s', (target) => {
    expect(isSafeRedirect(target)).toBe(true);
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '/a\\b',
    'javascript:alert(1)',
    '/x\ny',
    '/x\u0000',
    '',
    'myAccount',
    `/${'a'.repeat(3000)}`,
    42,
    null,
  ])('refuses %j and falls back', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
    expect(safeRedirect(target, '/login')).toBe('/login');
  });
});
