import { describe, expect, it } from 'vitest';
import { allowedRedirectTarget, redirectTargetOf } from './redirect-allowlist';

const other = ['https://other.turbovpn.example'];

describe('allowedRedirectTarget', () => {
  it('forwards to the stores, the product’s other site and same-site paths', () => {
    for (const target of [
      'https://play.google.com/store/apps/details?id=free.vpn.example',
      'https://apps.apple.com/us/app/turbo-vpn/id1',
      'https://apps.microsoft.com/detail/abc',
      'https://chromewebstore.google.com/detail/turbo/abc',
      'HTTPS://PLAY.GOOGLE.COM/store',
    ]) {
      expect(allowedRedirectTarget(target), target).toBe(new URL(target).href);
    }
    expect(allowedRedirectTarget('https://other.turbovpn.example/pricing', other)).toBe(
      'https://other.turbovpn.example/pricing',
    );
    expect(allowedRedirectTarget('/download?x=1')).toBe('/download?x=1');
  });

  it('refuses foreign, protocol-relative, script and disguised targets', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://play.google.com/store',
      'https://play.google.com.evil.example/',
      'https://evil.example/?https://play.google.com/',
      'https://play.google.com@evil.example/',
      'https://user:pw@play.google.com/',
      'https://play.google.com:8443/',
      'https://other.turbovpn.example/',
      'https:/\\evil.example',
      '%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example',
      'evil.example',
      '',
      `https://play.google.com/${'a'.repeat(2048)}`,
    ]) {
      expect(allowedRedirectTarget(target), target).toBeNull();
    }
    expect(allowedRedirectTarget(undefined)).toBeNull();
  });

  it('reads ?to= first, then ?url=, decoding the query once', () => {
    expect(redirectTargetOf(new URLSearchParams('url=https%3A%2F%2Fapps.apple.com%2Fapp'))).toBe(
      'https://apps.apple.com/app',
    );
    expect(
      redirectTargetOf(
        new URLSearchParams('to=https%3A%2F%2Fevil.example&url=https://apps.apple.com/'),
      ),
    ).toBeNull();
    expect(redirectTargetOf(new URLSearchParams('to=%252F%252Fevil.example'))).toBeNull();
    expect(redirectTargetOf(new URLSearchParams('to=%2F%2Fevil.example'))).toBeNull();
    expect(redirectTargetOf(new URLSearchParams(''))).toBeNull();
  });
});
