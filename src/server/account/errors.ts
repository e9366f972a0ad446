import 'server-only';
import { ApiError } from '@/server/api/errors';
import { blockedRegionMessage } from './client-location';

// Body codes of the accounts API besides the shared ones (docs/api.md, Accounts). None of them
// is 401 or 403: the site's client treats those two as "signed out" (spec 8).
export const accountErrorCodes = {
  incorrectCredentials: 40101,
  incorrectPassword: 40001,
  codeExpired: 40002,
  verificationFailed: 40003,
  passwordUnchanged: 40004,
  passwordNotSet: 40005,
  passwordAlreadySet: 40901,
  currentDevice: 40006,
  currentSession: 40007,
  deviceNotFound: 40401,
  sessionNotFound: 40404,
  reauthRequired: 40014,
  mfaCodeWrong: 40015,
  mfaExpired: 40016,
  totpNotOn: 40017,
  totpNotSetUp: 40018,
  totpAlreadyOn: 40906,
  passkeyExpired: 40019,
  passkeyRejected: 40020,
  passkeyNotFound: 40405,
  emailUnchanged: 40021,
  endLinkExpired: 40022,
  emailTaken: 40907,
  blockedRegion: 451,
} as const;

export const accountErrors = {
  // The spec's one answer for any failed login, whatever the reason.
  incorrectCredentials: () =>
    new ApiError(401, accountErrorCodes.incorrectCredentials, 'Incorrect username or password.'),
  incorrectPassword: () =>
    new ApiError(400, accountErrorCodes.incorrectPassword, 'Incorrect password.'),
  codeExpired: () => new ApiError(400, accountErrorCodes.codeExpired, 'code expired.'),
  verificationFailed: () =>
    new ApiError(400, accountErrorCodes.verificationFailed, 'Verification fail'),
  passwordUnchanged: () =>
    new ApiError(400, accountErrorCodes.passwordUnchanged, 'Password no change.'),
  passwordNotSet: () =>
    new ApiError(
      400,
      accountErrorCodes.passwordNotSet,
      'This account has no password yet: set one first.',
    ),
  passwordAlreadySet: () =>
    new ApiError(
      409,
      accountErrorCodes.passwordAlreadySet,
      'This account already has a password: change it instead.',
    ),
  currentDevice: () =>
    new ApiError(
      400,
      accountErrorCodes.currentDevice,
      'This is the device you are using: log out on it instead.',
    ),
  deviceNotFound: () =>
    new ApiError(404, accountErrorCodes.deviceNotFound, 'No such device on this account.'),
  currentSession: () =>
    new ApiError(
      400,
      accountErrorCodes.currentSession,
      'This is the browser you are using: log out instead.',
    ),
  // Unknown ids, another account's sessions and ended ones answer alike.
  sessionNotFound: () =>
    new ApiError(404, accountErrorCodes.sessionNotFound, 'No such session on this account.'),
  // `methods`: what the caller can confirm with ('password', 'totp', 'passkey').
  reauthRequired: (methods: readonly string[] = []) =>
    new ApiError(
      400,
      accountErrorCodes.reauthRequired,
      'Confirm it is you first: enter your password, a two-factor code or use a passkey.',
      { methods },
    ),
  mfaCodeWrong: () =>
    new ApiError(400, accountErrorCodes.mfaCodeWrong, 'Incorrect two-factor code.'),
  // Unknown, used, older than 5 minutes or out of tries: the sign-in starts again.
  mfaExpired: () =>
    new ApiError(
      400,
      accountErrorCodes.mfaExpired,
      'This sign-in has expired. Enter your email and password again.',
    ),
  totpNotOn: () =>
    new ApiError(400, accountErrorCodes.totpNotOn, 'Two-factor authentication is not on.'),
  totpNotSetUp: () =>
    new ApiError(
      400,
      accountErrorCodes.totpNotSetUp,
      'Start the two-factor setup again: scan a new code.',
    ),
  totpAlreadyOn: () =>
    new ApiError(409, accountErrorCodes.totpAlreadyOn, 'Two-factor authentication is already on.'),
  // The options call's challenge is unknown, used, older than 5 minutes or for another purpose.
  passkeyExpired: () =>
    new ApiError(400, accountErrorCodes.passkeyExpired, 'The passkey request expired. Try again.'),
  // A signature, origin or credential that does not check out; unknown passkeys alike.
  passkeyRejected: () =>
    new ApiError(400, accountErrorCodes.passkeyRejected, 'This passkey could not be verified.'),
  passkeyNotFound: () =>
    new ApiError(404, accountErrorCodes.passkeyNotFound, 'No such passkey on this account.'),
  emailUnchanged: () =>
    new ApiError(400, accountErrorCodes.emailUnchanged, 'This is already your email address.'),
  emailTaken: () =>
    new ApiError(
      409,
      accountErrorCodes.emailTaken,
      'Another account uses this email address. Sign in to that one or choose another address.',
    ),
  // The new-browser mail's link: unknown, used, or its session is over already.
  endLinkExpired: () =>
    new ApiError(
      400,
      accountErrorCodes.endLinkExpired,
      'This link no longer works: it was used already, or that browser is signed out.',
    ),
  blockedRegion: () => new ApiError(451, accountErrorCodes.blockedRegion, blockedRegionMessage),
};
