import 'server-only';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { brand } from '@/lib/site';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { Passkey, Session, User } from '@/server/db/schema';
import { logger } from '@/server/log';
import type { SessionSettings } from '@/server/session/service';
import { describeUserAgent } from '@/server/session/user-agent';
import { accountErrors } from './errors';
import { isUuid } from './ids';
import { accountLimits } from './limits';
import { findUserById } from './queries';
import {
  type ChallengePurpose,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeys,
  markSessionReauthenticated,
  recordPasskeyUse,
  spendWebauthnChallenge,
} from './queries/security';
import { reauthWindowSeconds } from './reauth';
import { finishSignIn, type SignInParams } from './service';

// Passkeys (WebAuthn) through SimpleWebAuthn: it builds the options and checks the signatures,
// origins and relying party; what is ours is that every challenge is stored, works once and for
// 5 minutes, and for the purpose (and account) it was made for. Relying party: SITE_URL's host.

const challengeLifetimeMs = 5 * 60_000;
/** More passkeys than this on one account are refused (each is a way in). */
export const passkeyLimit = 20;

function relyingParty() {
  const site = new URL(config().SITE_URL);
  return { id: site.hostname, origin: site.origin };
}

async function storeChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string | null,
  challenge: string,
) {
  const now = new Date();
  await insertWebauthnChallenge(db, {
    userId,
    purpose,
    challenge,
    now,
    expiresAt: new Date(now.getTime() + challengeLifetimeMs),
  });
}

/** The challenge the browser signed, read from the response's clientDataJSON. */
function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString());
    if (typeof data?.challenge === 'string' && data.challenge.length <= 200) return data.challenge;
  } catch {
    // Not JSON: the same answer as any other bad response.
  }
  throw accountErrors.passkeyRejected();
}

/** Spends the response's challenge (unknown, used, expired or someone else's: 40019). */
async function spendChallengeOf(
  db: Db,
  response: { response: { clientDataJSON: string } },
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string> {
  const challenge = challengeOf(response);
  if (!(await spendWebauthnChallenge(db, { challenge, purpose, userId, now: new Date() })))
    throw accountErrors.passkeyExpired();
  return challenge;
}

const transportsOf = (row: Passkey) =>
  (row.transports ? row.transports.split(',') : []) as AuthenticatorTransport[];

export function passkeyView(row: Passkey) {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    synced: row.deviceType === 'multiDevice',
  };
}

/** GET web/passkeys. */
export async function passkeyList(db: Db, userId: string) {
  return (await listPasskeys(db, userId)).map(passkeyView);
}

/** POST web/passkeys/register/options: a discoverable credential, none already stored twice. */
export async function registrationOptions(db: Db, user: User, ipKey: string) {
  await accountLimits(db).consume('passkeyIp', ipKey);
  const existing = await listPasskeys(db, user.id);
  if (existing.length >= passkeyLimit) throw accountErrors.passkeyRejected();
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: brand.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, 'register', user.id, options.challenge);
  return options;
}

/** POST web/passkeys/register/verify: stores the passkey under `name` (or its browser's). */
export async function registerPasskey(
  db: Db,
  params: { user: User; response: RegistrationResponseJSON; name: string; userAgent: string },
) {
  const expectedChallenge = await spendChallengeOf(db, params.response, 'register', params.user.id);
  const rp = relyingParty();
  const result = await verifyRegistrationResponse({
    response: params.response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    logger.info({ area: 'account', err: error }, 'passkey registration refused');
    throw accountErrors.passkeyRejected();
  });
  if (!result.verified) throw accountErrors.passkeyRejected();
  const info = result.registrationInfo;
  const { browser, os } = describeUserAgent(params.userAgent);
  const name = params.name || [browser, os].filter(Boolean).join(' · ') || 'Passkey';
  const id = await insertPasskey(db, {
    userId: params.user.id,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: (params.response.response.transports ?? []).join(','),
    name,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
  });
  if (!id) throw accountErrors.passkeyRejected();
  return id;
}

/** POST web/passkeys/remove. */
export async function removePasskey(db: Db, userId: string, id: string) {
  if (!isUuid(id) || !(await deletePasskey(db, { userId, id })))
    throw accountErrors.passkeyNotFound();
}

/**
 * Options of a passkey sign-in (no account named: the passkey names it) or of a re-authentication
 * (the account's own passkeys).
 */
export async function authenticationOptions(db: Db, ipKey: string, user?: User) {
  await accountLimits(db).consume('passkeyIp', ipKey);
  const allowCredentials = user
    ? (await listPasskeys(db, user.id)).map((row) => ({
        id: row.credentialId,
        transports: transportsOf(row),
      }))
    : [];
  if (user && allowCredentials.length === 0) throw accountErrors.passkeyNotFound();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials,
    userVerification: 'preferred',
  });
  await storeChallenge(db, user ? 'reauth' : 'login', user?.id ?? null, options.challenge);
  return options;
}

/** Checks an assertion against the stored passkey it names; answers that passkey. */
async function verifyAssertion(
  db: Db,
  response: AuthenticationResponseJSON,
  purpose: 'login' | 'reauth',
  userId: string | null,
): Promise<Passkey> {
  const expectedChallenge = await spendChallengeOf(db, response, purpose, userId);
  const passkey = await findPasskeyByCredentialId(db, String(response.id).slice(0, 1024));
  if (!passkey || (userId !== null && passkey.userId !== userId))
    throw accountErrors.passkeyRejected();
  const rp = relyingParty();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    logger.info({ area: 'account', err: error }, 'passkey assertion refused');
    throw accountErrors.passkeyRejected();
  });
  if (!result.verified) throw accountErrors.passkeyRejected();
  await recordPasskeyUse(db, {
    id: passkey.id,
    counter: result.authenticationInfo.newCounter,
    backedUp: result.authenticationInfo.credentialBackedUp,
    now: new Date(),
  });
  return passkey;
}

/**
 * POST web/login/passkey/verify: a passkey is the password and the second factor at once, so
 * the sign-in ends here, two-factor or not.
 */
export async function signInWithPasskey(
  db: Db,
  params: { response: AuthenticationResponseJSON } & Omit<SignInParams, 'username' | 'password'>,
  settings?: SessionSettings,
) {
  const passkey = await verifyAssertion(db, params.response, 'login', null);
  const user = await findUserById(db, passkey.userId);
  if (!user) throw accountErrors.passkeyRejected();
  return finishSignIn(db, user, params, settings);
}

/** POST web/reauth/passkey/verify: one of the account's passkeys opens the 5 minutes. */
export async function reauthenticateWithPasskey(
  db: Db,
  params: { user: User; session: Session; response: AuthenticationResponseJSON },
) {
  await verifyAssertion(db, params.response, 'reauth', params.user.id);
  const now = new Date();
  await markSessionReauthenticated(db, { sessionId: params.session.id, now });
  return new Date(now.getTime() + reauthWindowSeconds * 1000);
}
