import { describe, expect, it } from 'vitest';
import ar from '../../messages/ar.json';
import en from '../../messages/en.json';
import type { Locale } from '../lib/locales';
import { accountErrors } from '../server/account/errors';
import { changePasswordSchema, loginSchema, resetPasswordSchema } from '../server/account/schemas';
import { ApiError } from '../server/api/errors';
import { invalidRequest } from '../server/api/validate';
import { mailDelayed } from '../server/mail/errors';
import { paymentErrors } from '../server/payments/errors';
import type { ApiErrorTexts } from './api-error-texts';
import { ApiRequestError } from './http';
import { afterInput, invalidParam, placeServerError, serverErrorText } from './server-error';
import {
  changePasswordPlaces,
  forgotPasswordPlaces,
  giftRedeemPlaces,
  loginPlaces,
  resetPasswordPlaces,
  setPasswordPlaces,
} from './server-error-places';

// What the browser receives for a server error: its status and JSON body.
const received = (thrown: ApiError) => new ApiRequestError(thrown.status, thrown.toBody());
// The 400 the API answers for a body its schema refuses.
const refused = (schema: { safeParse(value: unknown): { error?: unknown } }, body: unknown) =>
  received(invalidRequest(schema.safeParse(body).error as Parameters<typeof invalidRequest>[0]));
const offline = new ApiRequestError(0, { code: 0, message: 'Network error' });

const fieldOf = <F extends string>(
  error: unknown,
  places: Parameters<typeof placeServerError<F>>[1],
  hasField?: (field: F) => boolean,
) => placeServerError(error, places, hasField)?.field;

describe('where a form shows the server’s error', () => {
  it('login: wrong credentials at the top (they name no field), a refused field on it', () => {
    expect(fieldOf(received(accountErrors.incorrectCredentials()), loginPlaces)).toBeNull();
    expect(fieldOf(refused(loginSchema, { username: 'a@b.co', password: '' }), loginPlaces)).toBe(
      'password',
    );
    expect(fieldOf(refused(loginSchema, { password: 'x' }), loginPlaces)).toBe('email');
    expect(fieldOf(received(ApiError.tooManyRequests(600)), loginPlaces)).toBeNull();
    expect(fieldOf(received(ApiError.botCheckFailed()), loginPlaces)).toBeNull();
    expect(fieldOf(received(accountErrors.blockedRegion()), loginPlaces)).toBeNull();
  });

  it('codes: expired or wrong next to the code field, limits and mail delays at the top', () => {
    for (const places of [forgotPasswordPlaces, resetPasswordPlaces]) {
      expect(fieldOf(received(accountErrors.codeExpired()), places)).toBe('code');
      expect(fieldOf(received(accountErrors.verificationFailed()), places)).toBe('code');
      expect(fieldOf(received(ApiError.tooManyRequests(42)), places)).toBeNull();
      expect(fieldOf(received(mailDelayed()), places)).toBeNull();
    }
    const badEmail = refused(resetPasswordSchema, { email: 'nope', code: '123456', password: 'x' });
    expect(fieldOf(badEmail, forgotPasswordPlaces)).toBe('email');
  });

  it('sends an error about a field the form does not show to the top', () => {
    // /resetPassword after /forgetPassword knows the code and does not ask for it.
    const noCodeField = (field: string) => field !== 'code' && field !== 'email';
    expect(
      fieldOf(received(accountErrors.codeExpired()), resetPasswordPlaces, noCodeField),
    ).toBeNull();
    const weak = refused(resetPasswordSchema, {
      email: 'a@b.co',
      code: '123456',
      password: 'weakpassword',
    });
    expect(fieldOf(weak, resetPasswordPlaces, noCodeField)).toBe('password');
  });

  it('change password: the wrong current one, an unchanged new one, each on its field', () => {
    expect(fieldOf(received(accountErrors.incorrectPassword()), changePasswordPlaces)).toBe(
      'current',
    );
    expect(fieldOf(received(accountErrors.passwordUnchanged()), changePasswordPlaces)).toBe(
      'password',
    );
    const weak = refused(changePasswordSchema, { current_password: 'x', new_password: 'short' });
    expect(fieldOf(weak, changePasswordPlaces)).toBe('password');
    expect(fieldOf(received(accountErrors.passwordNotSet()), changePasswordPlaces)).toBeNull();
    expect(fieldOf(received(accountErrors.passwordAlreadySet()), setPasswordPlaces)).toBeNull();
  });

  it('gift cards: a bad or used code on the code field, an account with a password on top', () => {
    expect(fieldOf(received(paymentErrors.giftCodeInvalid()), giftRedeemPlaces)).toBe('gift-code');
    expect(fieldOf(received(paymentErrors.giftCodeUsed()), giftRedeemPlaces)).toBe('gift-code');
    expect(fieldOf(received(paymentErrors.accountHasPassword()), giftRedeemPlaces)).toBeNull();
  });

  it('network and server failures at the top', () => {
    expect(fieldOf(offline, loginPlaces)).toBeNull();
    expect(fieldOf(new ApiRequestError(500, { code: 500, message: 'x' }), loginPlaces)).toBeNull();
    expect(fieldOf(new Error('boom'), loginPlaces)).toBeNull();
  });

  it('leaves the session codes and 401/403 to the global dialog and sign-in', () => {
    for (const code of [50008, 50012, 50014, 401, 403]) {
      const error = new ApiRequestError(401, { code, message: 'Invalid token' });
      expect(placeServerError(error, changePasswordPlaces)).toBeNull();
    }
  });
});

describe('invalidParam', () => {
  it('reads the first refused field from data.fields, else from the message', () => {
    expect(invalidParam(refused(changePasswordSchema, { current_password: 'x' }))).toBe(
      'new_password',
    );
    const bare = new ApiRequestError(400, {
      code: 400,
      message: 'Invalid request: email: ! Invalid Email provide',
    });
    expect(invalidParam(bare)).toBe('email');
    const plain = new ApiRequestError(400, { code: 400, message: 'Please Enter Email' });
    expect(invalidParam(plain)).toBeUndefined();
    expect(invalidParam(received(accountErrors.codeExpired()))).toBeUndefined();
  });
});

describe('how long it stays', () => {
  const onCode = { error: offline, field: 'code' as const };
  const atTop = { error: offline, field: null };

  it('an error on a field goes when that field changes, not another', () => {
    expect(afterInput(onCode, 'password')).toBe(onCode);
    expect(afterInput(onCode, 'code')).toBeNull();
  });

  it('an error at the top goes when any field changes', () => {
    expect(afterInput(atTop, 'password')).toBeNull();
    expect(afterInput(null, 'email')).toBeNull();
  });
});

describe('the text in the visitor’s language', () => {
  const texts = (messages: typeof en, locale: Locale): ApiErrorTexts => ({
    locale,
    messages: {
      ApiErrors: messages.ApiErrors,
      Dialogs: messages.Dialogs,
      Toasts: messages.Toasts,
      Validation: messages.Validation,
    },
  });
  const english = texts(en, 'en');
  const arabic = texts(ar as typeof en, 'ar');

  it('words the server’s error with the page’s texts, the wait of a limit included', () => {
    expect(serverErrorText(received(accountErrors.incorrectCredentials()), english)).toBe(
      'Incorrect username or password.',
    );
    expect(serverErrorText(received(accountErrors.verificationFailed()), arabic)).toBe(
      ar.ApiErrors['40003'],
    );
    expect(serverErrorText(received(ApiError.tooManyRequests(42)), english)).toBe(
      'Too many attempts. Please wait 42 seconds before trying again.',
    );
    expect(serverErrorText(offline, arabic)).toBe(ar.ApiErrors['0']);
    expect(serverErrorText(new Error('boom'), english)).toBe(en.Toasts.error);
  });

  it('falls back to the server’s own message before the texts are there', () => {
    expect(serverErrorText(received(accountErrors.codeExpired()), null)).toBe('code expired.');
    expect(serverErrorText(new Error('boom'), null)).toBe('Error');
  });
});
