import { describe, expect, it } from 'vitest';
import { cidrMatcher } from '@/server/geo/ip-address';
import { requestOrigin } from './request-origin';

const trustedProxies = cidrMatcher(['10.0.0.0/8']);
const fallback = 'http://localhost:3000';

/** A request as Next hands it over: its URL names Next's own host, the headers the browser's. */
function request(headers: Record<string, string>, url = 'http://localhost:3210/api/x'): Request {
  return new Request(url, { headers });
}

describe('requestOrigin', () => {
  it('is the Host the browser used, with the scheme the request came in on', () => {
    const options = { trustedProxies, peer: '127.0.0.1', fallback };
    expect(requestOrigin(request({ Host: '127.0.0.1:3210' }), options)).toBe(
      'http://127.0.0.1:3210',
    );
    expect(requestOrigin(request({ Host: 'LocalHost:3210' }), options)).toBe(
      'http://localhost:3210',
    );
    expect(requestOrigin(request({ Host: '[::1]:3210' }), options)).toBe('http://[::1]:3210');
    expect(requestOrigin(request({ Host: 'site.test' }, 'https://localhost/x'), options)).toBe(
      'https://site.test',
    );
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto from a peer that is not a trusted proxy', () => {
    const forged = {
      Host: '127.0.0.1:3210',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'https',
    };
    expect(requestOrigin(request(forged), { trustedProxies, peer: '203.0.113.5', fallback })).toBe(
      'http://127.0.0.1:3210',
    );
    // No known peer (an in-process call): nobody vouches for the forwarded headers either.
    expect(requestOrigin(request(forged), { trustedProxies, fallback })).toBe(
      'http://127.0.0.1:3210',
    );
  });

  it('believes a trusted proxy: the last X-Forwarded-Host and X-Forwarded-Proto entries', () => {
    const options = { trustedProxies, peer: '10.1.2.3', fallback };
    const proxied = {
      Host: 'app1:3000',
      'X-Forwarded-Host': 'evil.example, vpn.example',
      'X-Forwarded-Proto': 'http, https',
    };
    expect(requestOrigin(request(proxied), options)).toBe('https://vpn.example');
    // A proxy that only rewrites Host: the Host it set.
    expect(requestOrigin(request({ Host: 'vpn.example:8080' }), options)).toBe(
      'http://vpn.example:8080',
    );
    // A scheme that is neither: the request's own.
    expect(
      requestOrigin(request({ Host: 'vpn.example', 'X-Forwarded-Proto': 'gopher' }), options),
    ).toBe('http://vpn.example');
  });

  it('falls back to SITE_URL when the request names no usable host', () => {
    const options = { trustedProxies, peer: '127.0.0.1', fallback: 'http://localhost:3000/x' };
    expect(requestOrigin(request({}), options)).toBe('http://localhost:3000');
    for (const host of [
      'evil.example/path',
      'user@evil.example',
      'a b',
      'evil.example:3000, site',
      '-x',
      '',
    ]) {
      expect(requestOrigin(request({ Host: host }), options), host).toBe('http://localhost:3000');
    }
    const proxied = { trustedProxies, peer: '10.0.0.1', fallback };
    expect(
      requestOrigin(request({ Host: 'site.test', 'X-Forwarded-Host': 'evil.example/x' }), proxied),
    ).toBe('http://localhost:3000');
  });
});
