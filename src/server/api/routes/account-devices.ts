import { Hono } from 'hono';
import { accountActivity, recordAccountEvent } from '@/server/account/activity';
import { requestClient } from '@/server/account/client-location';
import { bindDevice, deviceList, unbindDevice } from '@/server/account/devices';
import {
  bindSchema,
  endSessionSchema,
  sessionRevokeSchema,
  unbindSchema,
} from '@/server/account/schemas';
import {
  endSessionFromMail,
  revokeOtherWebSessions,
  revokeWebSession,
  webSessionList,
} from '@/server/account/sessions';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { sessionSettings } from '@/server/session/service';
import { recordSessionEvent } from '../account-event';
import { ok } from '../envelope';
import { validate } from '../validate';

export const accountDeviceRoutes = new Hono<AuthEnv>();

// GET /api/mms/account/v1/web/device/list – the account's bound app installs
accountDeviceRoutes.get('/web/device/list', requireSession(), async (c) =>
  ok(c, { devices: await deviceList(c.var.db().db, c.var.auth.session) }),
);

// POST /api/mms/account/v1/web/device/unbind – remove a device; its sessions end
accountDeviceRoutes.post(
  '/web/device/unbind',
  requireSession(),
  validate('json', unbindSchema),
  async (c) => {
    const { unbind_app_type, unbind_user_id } = c.req.valid('json');
    const db = c.var.db().db;
    await unbindDevice(db, {
      session: c.var.auth.session,
      appType: unbind_app_type,
      deviceUserId: unbind_user_id,
    });
    await recordSessionEvent(c, 'device_unbound');
    return ok(c, { unbound: true });
  },
);

// POST /api/mms/account/v1/device/bind – an app binds its install to the signed-in account (Bearer)
accountDeviceRoutes.post(
  '/device/bind',
  requireSession(),
  validate('json', bindSchema),
  async (c) => {
    const { app_type, device_user_id, device_name } = c.req.valid('json');
    const db = c.var.db().db;
    const deviceId = await bindDevice(db, {
      session: c.var.auth.session,
      appType: app_type,
      deviceUserId: device_user_id,
      name: device_name,
      limit: sessionSettings().deviceLimit,
    });
    await recordSessionEvent(c, 'device_bound');
    return ok(c, { devices: await deviceList(db, { ...c.var.auth.session, deviceId }) });
  },
);

// GET /api/mms/account/v1/web/sessions – the account's signed-in browsers
accountDeviceRoutes.get('/web/sessions', requireSession(), async (c) =>
  ok(c, { sessions: await webSessionList(c.var.db().db, c.var.auth.session) }),
);

// POST /api/mms/account/v1/web/sessions/revoke – sign one of the other browsers out
accountDeviceRoutes.post(
  '/web/sessions/revoke',
  requireSession(),
  validate('json', sessionRevokeSchema),
  async (c) => {
    const db = c.var.db().db;
    await revokeWebSession(db, c.var.auth.session, c.req.valid('json').id);
    await recordSessionEvent(c, 'session_ended');
    return ok(c, { sessions: await webSessionList(db, c.var.auth.session) });
  },
);

// POST /api/mms/account/v1/web/sessions/revoke_others – sign every other browser out
accountDeviceRoutes.post('/web/sessions/revoke_others', requireSession(), async (c) => {
  const db = c.var.db().db;
  const ended = await revokeOtherWebSessions(db, c.var.auth.session);
  if (ended > 0) {
    await recordSessionEvent(c, 'sessions_ended');
  }
  return ok(c, { ended, sessions: await webSessionList(db, c.var.auth.session) });
});

// POST /api/mms/account/v1/web/sessions/end – { token } from the new-browser mail: that session
// ends (no sign-in needed; the link works once)
accountDeviceRoutes.post('/web/sessions/end', validate('json', endSessionSchema), async (c) => {
  const db = c.var.db().db;
  const userId = await endSessionFromMail(db, c.req.valid('json').token);
  await recordAccountEvent(db, userId, 'session_ended', await requestClient(c.req.raw));
  return ok(c, { ended: true });
});

// GET /api/mms/account/v1/web/activity – the account's security events of the last 90 days
accountDeviceRoutes.get('/web/activity', requireSession(), async (c) =>
  ok(c, { events: await accountActivity(c.var.db().db, c.var.auth.user.id) }),
);
