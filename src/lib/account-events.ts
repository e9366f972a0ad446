// The kinds of the account's security events (GET web/activity), shared by the server that
// records them and the account page that names them.
export const accountEventKinds = [
  'login',
  'login_failed',
  'password_changed',
  'password_reset',
  'password_set',
  'session_ended',
  'sessions_ended',
  'device_bound',
  'device_unbound',
  'refund_requested',
  'mfa_failed',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes_regenerated',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'email_changed',
  'data_exported',
] as const;

export type AccountEventKind = (typeof accountEventKinds)[number];

export function isAccountEventKind(value: string): value is AccountEventKind {
  return (accountEventKinds as readonly string[]).includes(value);
}
