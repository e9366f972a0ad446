import { describe, expect, it } from 'vitest';
import { accountKit } from '../../../../tests/support/account-api';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

const base = '/api/mms/account/v1';
const testDb = fileTestDb();
const kit = accountKit(testDb);

interface DeviceView {
  app_type: number;
  app_name: string;
  user_id: string;
  name: string;
  last_seen_at: string;
  current: boolean;
}

async function signedIn() {
  const user = await kit.createUser();
  return { ...user, token: await kit.login(user.email, user.password) };
}

async function bind(token: string, app_type: number, device_user_id: string, device_name = '') {
  return kit.call(`${base}/device/bind`, {
    token,
    body: { app_type, device_user_id, device_name },
  });
}

async function list(token: string): Promise<DeviceView[]> {
  const res = await kit.call(`${base}/web/device/list`, { token });
  expect(res.status).toBe(200);
  return (res.body.data as { devices: DeviceView[] }).devices;
}

describe('device binding, list and unbind', () => {
  it('lists bound apps with their app type name, newest first, marking the caller’s own', async () => {
    const user = await signedIn();
    const phone = await kit.login(user.email, user.password);
    expect((await bind(phone, 3, 'ios-install-1', 'Ann’s iPhone')).status).toBe(200);
    const pc = await kit.login(user.email, user.password);
    const bound = await bind(pc, 401, 'win-install-1', 'DESKTOP-1');
    const fromBind = (bound.body.data as { devices: DeviceView[] }).devices;
    expect(fromBind.find((d) => d.user_id === 'win-install-1')?.current).toBe(true);

    const seenByPc = await list(pc);
    expect(seenByPc.map((d) => [d.app_type, d.app_name, d.user_id, d.name, d.current])).toEqual([
      [401, 'Windows', 'win-install-1', 'DESKTOP-1', true],
      [3, 'iOS', 'ios-install-1', 'Ann’s iPhone', false],
    ]);
    expect(Number.isNaN(Date.parse(seenByPc[0]?.last_seen_at ?? ''))).toBe(false);
    // The website's own session is not a device: nothing is current there.
    expect((await list(user.token)).every((d) => !d.current)).toBe(true);
  });

  it('unbinds a device, which ends that app’s session (50008)', async () => {
    const user = await signedIn();
    const app = await kit.login(user.email, user.password);
    await bind(app, 101, 'android-1', 'Pixel');
    const res = await kit.call(`${base}/web/device/unbind`, {
      token: user.token,
      body: { unbind_app_type: 101, unbind_user_id: 'android-1' },
    });
    expect(res.body).toEqual({ code: 200, message: 'ok', data: { unbound: true } });
    expect(await list(user.token)).toEqual([]);
    expect((await kit.call(`${base}/web/profile`, { token: app })).body.code).toBe(50008);
  });

  it('accepts the app type as a string, as forms send it', async () => {
    const user = await signedIn();
    const app = await kit.login(user.email, user.password);
    await bind(app, 12, 'mac-1');
    const res = await kit.call(`${base}/web/device/unbind`, {
      token: user.token,
      body: { unbind_app_type: '12', unbind_user_id: 'mac-1' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses to unbind another account’s device or an unknown one (404)', async () => {
    const owner = await signedIn();
    const app = await kit.login(owner.email, owner.password);
    await bind(app, 401, 'shared-id');
    const stranger = await signedIn();
    const res = await kit.call(`${base}/web/device/unbind`, {
      token: stranger.token,
      body: { unbind_app_type: 401, unbind_user_id: 'shared-id' },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(40401);
    expect((await list(owner.token)).length).toBe(1);
  });

  it('refuses to unbind the device making the request', async () => {
    const user = await signedIn();
    await bind(user.token, 401, 'self');
    const res = await kit.call(`${base}/web/device/unbind`, {
      token: user.token,
      body: { unbind_app_type: 401, unbind_user_id: 'self' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40006);
  });

  it.each([
    [{ unbind_user_id: 'x' }, 'unbind_app_type'],
    [{ unbind_app_type: 'abc', unbind_user_id: 'x' }, 'unbind_app_type'],
    [{ unbind_app_type: 401 }, 'unbind_user_id'],
    [{ unbind_app_type: 401, unbind_user_id: '' }, 'unbind_user_id'],
  ])('unbind refuses %j naming %s', async (body, field) => {
    const user = await signedIn();
    const res = await kit.call(`${base}/web/device/unbind`, { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Invalid request: ${field}: `));
  });

  it.each([
    [{ app_type: 999, device_user_id: 'x' }, 'app_type'],
    [{ app_type: 401 }, 'device_user_id'],
    [{ app_type: 401, device_user_id: 'x', device_name: 'n'.repeat(101) }, 'device_name'],
  ])('bind refuses %j naming %s', async (body, field) => {
    const user = await signedIn();
    const res = await kit.call(`${base}/device/bind`, { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Invalid request: ${field}: `));
  });

  it('removes the least recently seen device past the limit of 5; its session gets 50012', async () => {
    const user = await signedIn();
    const tokens: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const token = await kit.login(user.email, user.password);
      await bind(token, 101, `android-${i}`);
      tokens.push(token);
    }
    const devices = await list(user.token);
    expect(devices.map((d) => d.user_id).sort()).toEqual(
      ['android-1', 'android-2', 'android-3', 'android-4', 'android-5'].sort(),
    );
    const evicted = await kit.call(`${base}/web/profile`, { token: tokens[0] });
    expect(evicted.body).toEqual({ code: 50012, message: 'Signed in on another device' });
  });

  it.each([
    ['GET', '/web/device/list'],
    ['POST', '/web/device/unbind'],
    ['POST', '/device/bind'],
  ] as const)('%s %s needs a session', async (method, path) => {
    const res = await kit.call(`${base}${path}`, {
      method,
      body: method === 'POST' ? {} : undefined,
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});
