import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieJar } from '../../../tests/support/cookie-jar';
import {
  consentStatus,
  needsOptIn,
  onConsentChange,
  saveConsent,
  storedChoice,
} from './consent-state';

describe('consent', () => {
  let jar: ReturnType<typeof cookieJar>;
  beforeEach(() => {
    jar = cookieJar();
    vi.stubGlobal('document', jar);
    vi.stubGlobal('location', { protocol: 'http:' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks visitors from the EU, the EEA, the UK and of unknown country', () => {
    for (const code of ['DE', 'fr', 'IE', 'NO', 'IS', 'LI', 'GB', '', null]) {
      expect(needsOptIn(code)).toBe(true);
    }
    for (const code of ['US', 'CN', 'CH', 'BR', 'JP']) expect(needsOptIn(code)).toBe(false);
  });

  it('is pending until geo answers, then granted outside the opt-in regions', () => {
    expect(consentStatus(undefined, undefined)).toBe('pending');
    expect(consentStatus('US', undefined)).toBe('granted');
    expect(consentStatus('DE', undefined)).toBe('pending');
    expect(consentStatus('', undefined)).toBe('pending');
  });

  it('follows a stored choice everywhere and tells listeners', () => {
    const listener = vi.fn();
    const stop = onConsentChange(listener);
    saveConsent('essential');
    expect(storedChoice()).toBe('essential');
    expect(consentStatus('US')).toBe('denied');
    saveConsent('all');
    expect(consentStatus('DE')).toBe('granted');
    expect(jar.cookies.get('cookie_consent')?.attributes['max-age']).toBe(String(180 * 86400));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});
