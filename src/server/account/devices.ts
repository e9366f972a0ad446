import 'server-only';
import { appTypeInfo } from '@/lib/app-types';
import type { Db } from '@/server/db/client';
import type { Session } from '@/server/db/schema';
import {
  attachSessionToDevice,
  devicesBeyondLimit,
  listDevices,
  removeDevice,
  upsertDevice,
} from '@/server/session/queries';
import { accountErrors } from './errors';

export interface DeviceView {
  app_type: number;
  app_name: string;
  /** The install's id: send it back as unbind_user_id. */
  user_id: string;
  name: string;
  last_seen_at: string;
  bound_at: string;
  /** The device this request comes from (an app's session bound through device/bind). */
  current: boolean;
}

export async function deviceList(db: Db, session: Session): Promise<DeviceView[]> {
  const rows = await listDevices(db, session.userId);
  return rows.map((row) => ({
    app_type: row.appType,
    app_name: appTypeInfo(row.appType)?.label ?? 'Unknown app',
    user_id: row.deviceUserId,
    name: row.name,
    last_seen_at: row.lastSeenAt.toISOString(),
    bound_at: row.createdAt.toISOString(),
    current: row.id === session.deviceId,
  }));
}

/**
 * An app binds its install to the signed-in account. Past the device limit the least recently
 * seen other devices are removed and their sessions end with 50012 ("signed in elsewhere").
 */
export async function bindDevice(
  db: Db,
  params: { session: Session; appType: number; deviceUserId: string; name: string; limit: number },
): Promise<string> {
  const now = new Date();
  const deviceId = await upsertDevice(db, {
    userId: params.session.userId,
    appType: params.appType,
    deviceUserId: params.deviceUserId,
    name: params.name,
    now,
  });
  await attachSessionToDevice(db, { sessionId: params.session.id, deviceId });
  const surplus = await devicesBeyondLimit(db, {
    userId: params.session.userId,
    keep: params.limit,
  });
  for (const device of surplus) {
    await removeDevice(db, {
      userId: params.session.userId,
      ...device,
      reason: 'elsewhere',
      now,
    });
  }
  return deviceId;
}

/** Removes a device of the account; its sessions end (50008). Not the caller's own device. */
export async function unbindDevice(
  db: Db,
  params: { session: Session; appType: number; deviceUserId: string },
): Promise<void> {
  const devices = await listDevices(db, params.session.userId);
  const target = devices.find(
    (d) => d.appType === params.appType && d.deviceUserId === params.deviceUserId,
  );
  if (!target) throw accountErrors.deviceNotFound();
  if (target.id === params.session.deviceId) throw accountErrors.currentDevice();
  await removeDevice(db, {
    userId: params.session.userId,
    appType: params.appType,
    deviceUserId: params.deviceUserId,
    reason: 'unbound',
    now: new Date(),
  });
}
