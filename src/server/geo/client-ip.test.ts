import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import { clientIp } from './client-ip';
import { geoForIp } from './index';
import { cidrMatcher, isPrivateIp, normalizeIp } from './ip-address';

const trusted = cidrMatcher(['10.0.0.0/8', 'fd00::/8']);

function request(forwardedFor?: string): Request {
  return new Request('http://site/api', {
    headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
  });
}

describe('normalizeIp', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    [' 1.2.3.4:5678 ', '1.2.3.4'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['unknown', undefined],
    ['', undefined],
  ])('%s → %s', (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });
});

describe('clientIp', () => {
  it('uses the socket address of an untrusted peer, whatever it forwards', () => {
    expect(clientIp(request('8.8.8.8'), { trustedProxies: trusted, peer: '203.0.113.9' })).toBe(
      '203.0.113.9',
    );
  });

  it('takes the right-most untrusted hop behind trusted proxies', () => {
    const options = { trustedProxies: trusted, peer: '10.0.0.1' };
    expect(clientIp(request('6.6.6.6, 8.8.8.8, 10.2.3.4'), options)).toBe('8.8.8.8');
    expect(clientIp(request('2001:4860::1'), { trustedProxies: trusted, peer: 'fd00::5' })).toBe(
      '2001:4860::1',
    );
    expect(clientIp(request(), options)).toBe('10.0.0.1');
  });

  it('without a known peer trusts no chain, only the last entry Next wrote', () => {
    expect(clientIp(request('6.6.6.6, 8.8.8.8'), { trustedProxies: trusted })).toBe('8.8.8.8');
    expect(clientIp(request(), { trustedProxies: trusted })).toBeUndefined();
  });
});

describe('ranges and settings', () => {
  it('knows private ranges', () => {
    for (const ip of [
      '10.1.1.1',
      '192.168.0.1',
      '172.20.0.1',
      '127.0.0.1',
      '::1',
      'fd12::1',
      '100.64.0.1',
    ]) {
      expect(isPrivateIp(ip)).toBe(true);
    }
    expect(isPrivateIp('8.8.8.8')).toBe(false);
  });

  it('is_exposed is false only inside the service’s ranges', () => {
    const vpn = cidrMatcher(['198.51.100.0/24']);
    expect(geoForIp('198.51.100.7', vpn).is_exposed).toBe(false);
    expect(geoForIp('8.8.8.8', vpn).is_exposed).toBe(true);
  });

  it('parses CIDR lists and refuses bad entries with the setting’s name', () => {
    const parsed = parseConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1, 2001:db8::/32' });
    expect(parsed.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1', '2001:db8::/32']);
    expect(parsed.VPN_SERVER_RANGES).toEqual([]);
    expect(() => parseConfig({ VPN_SERVER_RANGES: '10.0.0.0/33' })).toThrow(/VPN_SERVER_RANGES/);
    expect(() => parseConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseConfig({ LEGACY_REDIRECT_PATHS: 'no-slash' })).toThrow(
      /LEGACY_REDIRECT_PATHS/,
    );
  });
});
