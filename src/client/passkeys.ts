// Passkey ceremonies in the browser: options from the server, the browser's own passkey dialog
// (@simplewebauthn/browser, loaded only when a passkey is used), the answer back to the server.
import { api } from './http';
import { accountApi } from './session';

type Webauthn = typeof import('@simplewebauthn/browser');
const webauthn = (): Promise<Webauthn> => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (hide the buttons otherwise). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.get === 'function'
  );
}

/**
 * True when the user closed the browser's passkey dialog or chose nothing (not an error to
 * report: they changed their mind).
 */
export function passkeyDismissed(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}

type Options<K extends 'startRegistration' | 'startAuthentication'> = Parameters<
  Webauthn[K]
>[0]['optionsJSON'];

/** Signs in with a passkey of this device (no email): the server sets the session cookies. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await api.request<Options<'startAuthentication'>>(
    `${accountApi}/web/login/passkey/options`,
    { method: 'POST' },
  );
  const response = await startAuthentication({ optionsJSON });
  await api.request(`${accountApi}/web/login/passkey/verify`, {
    method: 'POST',
    body: { response },
    quiet: true,
  });
}

/** Confirms who the user is with one of the account's passkeys (re-authentication). */
export async function reauthWithPasskey(): Promise<void> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await api.request<Options<'startAuthentication'>>(
    `${accountApi}/web/reauth/passkey/options`,
    { method: 'POST', quiet: true },
  );
  const response = await startAuthentication({ optionsJSON });
  await api.request(`${accountApi}/web/reauth/passkey/verify`, {
    method: 'POST',
    body: { response },
    quiet: true,
  });
}

/**
 * Creates a passkey on this device and adds it to the account; answers the new list. The API's
 * refusals reach the global handler (a toast); the browser's own errors are thrown.
 */
export async function addPasskey<T>(name: string): Promise<T> {
  const { startRegistration } = await webauthn();
  const optionsJSON = await api.request<Options<'startRegistration'>>(
    `${accountApi}/web/passkeys/register/options`,
    { method: 'POST' },
  );
  const response = await startRegistration({ optionsJSON });
  return api.request<T>(`${accountApi}/web/passkeys/register/verify`, {
    method: 'POST',
    body: { response, name },
  });
}
