import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import ar from '../../messages/ar.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import type { Locale } from '../lib/locales';
import { accountErrors } from '../server/account/errors';
import { ApiError } from '../server/api/errors';
import { mailDelayed } from '../server/mail/errors';
import { paymentErrors } from '../server/payments/errors';
import {
  type ApiErrorTranslator,
  apiErrorKeys,
  apiErrorMessage,
  apiErrorText,
  feedbackFor,
  shownByForm,
  signInTarget,
} from './api-feedback';
import { ApiRequestError } from './http';

const error = (status: number, code: number, message: string, data?: unknown) =>
  new ApiRequestError(status, { code, message, data });

// What the browser receives for a server error: its status and JSON body.
const received = (thrown: ApiError) => new ApiRequestError(thrown.status, thrown.toBody());

// The locale files lack newer keys until they are translated; the site fills them from English.
const translator = (messages: object, locale: Locale): ApiErrorTranslator => {
  const t = createTranslator({ locale, messages: { ...en, ...messages } as typeof en });
  return (key, values) => t(key, values);
};
const english = translator(en, 'en');

describe('global response handling (spec 8)', () => {
  it.each([50008, 50012, 50014])('code %i opens the Confirm logout dialog', (code) => {
    expect(feedbackFor(error(401, code, 'Invalid token'))).toEqual({ kind: 'confirm-logout' });
  });

  it.each([401, 403])('body code %i signs out and goes to the login page', (code) => {
    expect(feedbackFor(error(code, code, 'Sign in required'))).toEqual({ kind: 'sign-in' });
  });

  it('shows other errors as a toast: a known code by key, else the server message or "Error"', () => {
    expect(feedbackFor(error(401, 40101, 'Incorrect username or password.'))).toEqual({
      kind: 'toast',
      text: { key: 'ApiErrors.40101' },
    });
    expect(feedbackFor(error(409, 409, 'Conflict here'))).toEqual({
      kind: 'toast',
      text: { message: 'Conflict here' },
    });
    expect(feedbackFor(error(418, 418, ''))).toEqual({
      kind: 'toast',
      text: { key: 'Toasts.error' },
    });
    // The bot check's 403 carries code 20104, so it is a toast, not a sign-out.
    expect(feedbackFor(error(403, 20104, 'ReCaptchaScoreTooLow')).kind).toBe('toast');
  });

  it('lets a form show every error but the session ones, which stay global', () => {
    expect(shownByForm(received(accountErrors.incorrectCredentials()))).toBe(true);
    expect(shownByForm(received(accountErrors.codeExpired()))).toBe(true);
    expect(shownByForm(received(ApiError.tooManyRequests(30)))).toBe(true);
    expect(shownByForm(error(0, 0, 'Network error'))).toBe(true);
    expect(shownByForm(error(503, 503, 'Service unavailable'))).toBe(true);
    for (const code of [50008, 50012, 50014]) {
      expect(shownByForm(error(401, code, 'Invalid token'))).toBe(false);
    }
    expect(shownByForm(error(401, 401, 'Sign in required'))).toBe(false);
    expect(shownByForm(error(403, 403, 'Forbidden'))).toBe(false);
  });

  it('sends the visitor to login with the way back, unless already there', () => {
    expect(signInTarget({ pathname: '/de/myAccount', search: '?tab=1' }, '/de/login')).toBe(
      '/de/login?redirect=%2Fde%2FmyAccount%3Ftab%3D1',
    );
    expect(signInTarget({ pathname: '/login', search: '?redirect=%2F' }, '/login')).toBeNull();
  });
});

describe('API error texts in the visitor language', () => {
  it('has an English text for every key, and no other', () => {
    expect(Object.keys(en.ApiErrors).sort()).toEqual([...apiErrorKeys].sort());
  });

  it('words each account and payment error in English as the server does', () => {
    const errors = [
      ...Object.values(accountErrors).map((make) => make()),
      ...Object.values(paymentErrors)
        .filter((make) => make !== paymentErrors.refundNotEligible)
        .map((make) => (make as () => ApiError)()),
      ApiError.botCheckFailed(),
      mailDelayed(),
    ];
    for (const thrown of errors) {
      const text = apiErrorMessage(received(thrown));
      expect(text, `code ${thrown.code}`).toHaveProperty('key');
      if (thrown.code !== 20104)
        expect(apiErrorText(english, received(thrown))).toBe(thrown.message);
    }
  });

  it('translates a known code', () => {
    const german = translator(de, 'de');
    expect(apiErrorText(german, received(accountErrors.incorrectCredentials()))).toBe(
      'Benutzername oder Passwort ist falsch.',
    );
    expect(apiErrorText(german, received(paymentErrors.alreadyPurchased()))).toBe(
      de.ApiErrors['40902'],
    );
    expect(apiErrorText(translator(ar, 'ar'), received(accountErrors.blockedRegion()))).toBe(
      ar.ApiErrors['451'],
    );
  });

  it('names the wait of a 429 with plural forms', () => {
    const russian = translator(ru, 'ru');
    expect(apiErrorText(russian, received(ApiError.tooManyRequests(42)))).toBe(
      'Слишком много попыток. Подождите 42 секунды и попробуйте снова.',
    );
    expect(apiErrorText(russian, received(ApiError.tooManyRequests(15 * 60)))).toBe(
      'Слишком много попыток. Подождите 15 минут и попробуйте снова.',
    );
    expect(apiErrorText(english, received(ApiError.tooManyRequests(1)))).toBe(
      'Too many attempts. Please wait 1 second before trying again.',
    );
    // 91 s is shown as minutes, rounded up, like the server's own sentence.
    expect(apiErrorText(english, received(ApiError.tooManyRequests(91)))).toBe(
      'Too many attempts. Please wait 2 minutes before trying again.',
    );
    expect(apiErrorText(english, received(ApiError.tooManyRequests()))).toBe(en.ApiErrors['429']);
  });

  it('tells the two refund refusals apart by their sentence', () => {
    const german = translator(de, 'de');
    const late = paymentErrors.refundNotEligible(
      'This purchase is outside the money-back guarantee: it applies to website purchases within 30 days, and not to redeemed gift cards.',
    );
    expect(apiErrorText(english, received(late))).toBe(late.message);
    expect(apiErrorText(german, received(late))).toContain('30 Tagen');
    const twice = paymentErrors.refundNotEligible(
      'A refund was already requested for this purchase.',
    );
    expect(apiErrorText(german, received(twice))).toBe(de.ApiErrors['40011_requested']);
    const other = paymentErrors.refundNotEligible('Some new reason.');
    expect(apiErrorText(german, received(other))).toBe('Some new reason.');
  });

  it('translates a 400 that carries a password or email rule', () => {
    const german = translator(de, 'de');
    const invalid = error(400, 400, 'Invalid request: email: ! Invalid Email provide', {
      fields: [{ field: 'email', message: '! Invalid Email provide' }],
    });
    expect(apiErrorText(german, invalid)).toBe(de.Validation.emailInvalid);
    expect(apiErrorText(german, error(400, 400, 'Please Enter Email'))).toBe(
      de.Validation.emailRequired,
    );
    expect(apiErrorText(german, error(400, 400, 'Invalid request: plan: Required'))).toBe(
      'Invalid request: plan: Required',
    );
  });

  it('words failures without an answer, and server failures', () => {
    const german = translator(de, 'de');
    expect(apiErrorText(german, error(0, 0, 'Network error'))).toBe(de.ApiErrors['0']);
    expect(apiErrorText(german, error(0, 0, 'Request timed out'))).toBe(de.ApiErrors['0_timeout']);
    expect(apiErrorText(german, error(500, 500, 'Internal server error'))).toBe(
      de.ApiErrors['500'],
    );
    expect(apiErrorText(german, error(502, 502, ''))).toBe(de.Toasts.error);
  });
});
