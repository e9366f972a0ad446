import { describe, expect, it } from 'vitest';
import { tokenFromUrl, withoutToken } from './win-token';

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const url = (path: string) => new URL(path, 'https://www.example.com');

describe('tokenFromUrl', () => {
  it('reads the fragment first, the query only when allowed', () => {
    expect(tokenFromUrl(url(`/win-pay#token=${token}`), true)).toBe(token);
    expect(tokenFromUrl(url(`/win-pay?token=${token}`), true)).toBe(token);
    expect(tokenFromUrl(url(`/win-pay?token=other-token-value#token=${token}`), true)).toBe(token);
    // The provider's own `token` on its return URL is not ours.
    expect(
      tokenFromUrl(url('/win-pay-result?order=1&token=SBX0123456789ABCDEF'), false),
    ).toBeNull();
  });

  it.each(['', 'short', 'has space in it here', '<script>alert(1)</script>', 'x'.repeat(300)])(
    'refuses the malformed token %j',
    (value) => {
      expect(tokenFromUrl(url(`/win-pay#token=${encodeURIComponent(value)}`), true)).toBeNull();
    },
  );
});

describe('withoutToken', () => {
  it('removes the token and keeps everything else', () => {
    expect(withoutToken(url(`/win-pay?plan=p1m#token=${token}`), true)).toBe('/win-pay?plan=p1m');
    expect(withoutToken(url(`/ar/win-pay?token=${token}&plan=p1m`), true)).toBe(
      '/ar/win-pay?plan=p1m',
    );
    expect(withoutToken(url(`/win-pay#token=${token}&x=1`), true)).toBe('/win-pay#x=1');
    expect(withoutToken(url('/win-pay-result?order=1&token=SBX1'), false)).toBe(
      '/win-pay-result?order=1&token=SBX1',
    );
  });
});
