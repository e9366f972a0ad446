import { Hono } from 'hono';
import { callerLocation } from '@/server/account/client-location';
import { completeMfa } from '@/server/account/mfa';
import {
  authenticationOptions,
  passkeyList,
  reauthenticateWithPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInWithPasskey,
} from '@/server/account/passkeys';
import { reauthenticate, reauthMethods, recentlyAuthenticated } from '@/server/account/reauth';
import {
  mfaLoginSchema,
  passkeyAssertionSchema,
  passkeyRegisterSchema,
  passkeyRemoveSchema,
  reauthSchema,
  totpDisableSchema,
  totpEnableSchema,
} from '@/server/account/schemas';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  setupTotp,
  twoFactorStatus,
} from '@/server/account/two-factor';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { sessionSettings } from '@/server/session/service';
import { recordSessionEvent } from '../account-event';
import { ok } from '../envelope';
import { requireRecentAuth } from '../middleware/recent-auth';
import { signedIn, signInRequest } from '../sign-in';
import { validate } from '../validate';

export const accountSecurityRoutes = new Hono<AuthEnv>();

// POST /api/mms/account/v1/web/login/mfa – the second step: { mfa_token, code | recovery_code }
// → { token } and the cookies, as web/login
accountSecurityRoutes.post('/web/login/mfa', validate('json', mfaLoginSchema), async (c) => {
  const { mfa_token, code, recovery_code } = c.req.valid('json');
  const settings = sessionSettings();
  const result = await completeMfa(
    c.var.db().db,
    { mfaToken: mfa_token, code, recovery_code, ...(await signInRequest(c)) },
    settings,
  );
  return signedIn(c, result, settings);
});

// GET /api/mms/account/v1/web/reauth – whether this session may make sensitive changes now
accountSecurityRoutes.get('/web/reauth', requireSession(), async (c) => {
  const { session, user } = c.var.auth;
  return ok(c, {
    recent: recentlyAuthenticated(session),
    methods: await reauthMethods(c.var.db().db, user),
  });
});

// POST /api/mms/account/v1/web/reauth – { password | code | recovery_code }: opens 5 minutes
accountSecurityRoutes.post(
  '/web/reauth',
  requireSession(),
  validate('json', reauthSchema),
  async (c) => {
    const { user, session } = c.var.auth;
    const until = await reauthenticate(c.var.db().db, { user, session, ...c.req.valid('json') });
    return ok(c, { reauth_until: until.toISOString() });
  },
);

// GET /api/mms/account/v1/web/2fa – { totp_enabled, enabled_at, recovery_codes_left }
accountSecurityRoutes.get('/web/2fa', requireSession(), async (c) =>
  ok(c, await twoFactorStatus(c.var.db().db, c.var.auth.user.id)),
);

// POST /api/mms/account/v1/web/2fa/totp/setup – { secret, otpauth_url, qr_svg } (recent auth)
accountSecurityRoutes.post(
  '/web/2fa/totp/setup',
  requireSession(),
  requireRecentAuth(),
  async (c) => ok(c, await setupTotp(c.var.db().db, c.var.auth.user)),
);

// POST /api/mms/account/v1/web/2fa/totp/enable – { code } → { recovery_codes } (shown once)
accountSecurityRoutes.post(
  '/web/2fa/totp/enable',
  requireSession(),
  validate('json', totpEnableSchema),
  async (c) => {
    const codes = await enableTotp(c.var.db().db, c.var.auth.user, c.req.valid('json').code);
    await recordSessionEvent(c, 'totp_enabled');
    return ok(c, { recovery_codes: codes });
  },
);

// POST /api/mms/account/v1/web/2fa/totp/disable – { password, code | recovery_code }
accountSecurityRoutes.post(
  '/web/2fa/totp/disable',
  requireSession(),
  validate('json', totpDisableSchema),
  async (c) => {
    await disableTotp(c.var.db().db, c.var.auth.user, c.req.valid('json'));
    await recordSessionEvent(c, 'totp_disabled');
    return ok(c, { totp_enabled: false });
  },
);

// POST /api/mms/account/v1/web/2fa/recovery/regenerate – ten new codes (recent auth)
accountSecurityRoutes.post(
  '/web/2fa/recovery/regenerate',
  requireSession(),
  requireRecentAuth(),
  async (c) => {
    const codes = await regenerateRecoveryCodes(c.var.db().db, c.var.auth.user);
    await recordSessionEvent(c, 'recovery_codes_regenerated');
    return ok(c, { recovery_codes: codes });
  },
);

// Passkeys ------------------------------------------------------------------------------------

// The library's types describe what a browser sends; the schema checked its shape.
type RegistrationJson = Parameters<typeof registerPasskey>[1]['response'];
type AssertionJson = Parameters<typeof signInWithPasskey>[1]['response'];

// GET /api/mms/account/v1/web/passkeys – { passkeys: [{ id, name, created_at, last_used_at, synced }] }
accountSecurityRoutes.get('/web/passkeys', requireSession(), async (c) =>
  ok(c, { passkeys: await passkeyList(c.var.db().db, c.var.auth.user.id) }),
);

// POST /api/mms/account/v1/web/passkeys/register/options – creation options (recent auth)
accountSecurityRoutes.post(
  '/web/passkeys/register/options',
  requireSession(),
  requireRecentAuth(),
  async (c) => {
    const { limitKey } = await callerLocation(c.req.raw);
    return ok(c, await registrationOptions(c.var.db().db, c.var.auth.user, limitKey));
  },
);

// POST /api/mms/account/v1/web/passkeys/register/verify – { response, name? } → { passkeys }
accountSecurityRoutes.post(
  '/web/passkeys/register/verify',
  requireSession(),
  requireRecentAuth(),
  validate('json', passkeyRegisterSchema),
  async (c) => {
    const { response, name } = c.req.valid('json');
    const db = c.var.db().db;
    await registerPasskey(db, {
      user: c.var.auth.user,
      response: response as unknown as RegistrationJson,
      name,
      userAgent: c.req.header('User-Agent') ?? '',
    });
    await recordSessionEvent(c, 'passkey_added');
    return ok(c, { passkeys: await passkeyList(db, c.var.auth.user.id) });
  },
);

// POST /api/mms/account/v1/web/passkeys/remove – { id } → { passkeys } (recent auth)
accountSecurityRoutes.post(
  '/web/passkeys/remove',
  requireSession(),
  requireRecentAuth(),
  validate('json', passkeyRemoveSchema),
  async (c) => {
    const db = c.var.db().db;
    await removePasskey(db, c.var.auth.user.id, c.req.valid('json').id);
    await recordSessionEvent(c, 'passkey_removed');
    return ok(c, { passkeys: await passkeyList(db, c.var.auth.user.id) });
  },
);

// POST /api/mms/account/v1/web/login/passkey/options – request options (no email: discoverable)
accountSecurityRoutes.post('/web/login/passkey/options', async (c) => {
  const { limitKey } = await callerLocation(c.req.raw);
  return ok(c, await authenticationOptions(c.var.db().db, limitKey));
});

// POST /api/mms/account/v1/web/login/passkey/verify – { response } → { token } and the cookies
accountSecurityRoutes.post(
  '/web/login/passkey/verify',
  validate('json', passkeyAssertionSchema),
  async (c) => {
    const settings = sessionSettings();
    const result = await signInWithPasskey(
      c.var.db().db,
      {
        response: c.req.valid('json').response as unknown as AssertionJson,
        ...(await signInRequest(c)),
      },
      settings,
    );
    return signedIn(c, result, settings);
  },
);

// POST /api/mms/account/v1/web/reauth/passkey/options – the account's passkeys may answer
accountSecurityRoutes.post('/web/reauth/passkey/options', requireSession(), async (c) => {
  const { limitKey } = await callerLocation(c.req.raw);
  return ok(c, await authenticationOptions(c.var.db().db, limitKey, c.var.auth.user));
});

// POST /api/mms/account/v1/web/reauth/passkey/verify – { response } → { reauth_until }
accountSecurityRoutes.post(
  '/web/reauth/passkey/verify',
  requireSession(),
  validate('json', passkeyAssertionSchema),
  async (c) => {
    const { user, session } = c.var.auth;
    const until = await reauthenticateWithPasskey(c.var.db().db, {
      user,
      session,
      response: c.req.valid('json').response as unknown as AssertionJson,
    });
    return ok(c, { reauth_until: until.toISOString() });
  },
);
