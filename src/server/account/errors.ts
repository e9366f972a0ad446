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
  blockedRegion: () => new ApiError(451, accountErrorCodes.blockedRegion, blockedRegionMessage),
};
