import { describe, expect, it } from 'vitest';
import { feedbackFor, signInTarget } from './api-feedback';
import { ApiRequestError } from './http';

const error = (status: number, code: number, message: string) =>
  new ApiRequestError(status, { code, message });

describe('global response handling (spec 8)', () => {
  it.each([50008, 50012, 50014])('code %i opens the Confirm logout dialog', (code) => {
    expect(feedbackFor(error(401, code, 'Invalid token'))).toEqual({ kind: 'confirm-logout' });
  });

  it.each([401, 403])('body code %i signs out and goes to the login page', (code) => {
    expect(feedbackFor(error(code, code, 'Sign in required'))).toEqual({ kind: 'sign-in' });
  });

  it('shows other errors as a toast with the server message, or "Error"', () => {
    expect(feedbackFor(error(401, 40101, 'Incorrect username or password.'))).toEqual({
      kind: 'toast',
      message: 'Incorrect username or password.',
    });
    expect(feedbackFor(error(500, 500, ''))).toEqual({ kind: 'toast', message: 'Error' });
    // The bot check's 403 carries code 20104, so it is a toast, not a sign-out.
    expect(feedbackFor(error(403, 20104, 'ReCaptchaScoreTooLow')).kind).toBe('toast');
  });

  it('sends the visitor to login with the way back, unless already there', () => {
    expect(signInTarget({ pathname: '/de/myAccount', search: '?tab=1' }, '/de/login')).toBe(
      '/de/login?redirect=%2Fde%2FmyAccount%3Ftab%3D1',
    );
    expect(signInTarget({ pathname: '/login', search: '?redirect=%2F' }, '/login')).toBeNull();
  });
});
