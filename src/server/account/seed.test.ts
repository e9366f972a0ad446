import { describe, expect, it } from 'vitest';
import { listDevices } from '@/server/session/queries';
import { useTestDb } from '../../../tests/support/test-db';
import { findUserByEmail } from './queries';
import { demoAccount, demoDevices, seedDemoAccount } from './seed';

describe('demo devices', () => {
  const testDb = useTestDb();

  it('gives the demo account its apps once, however often the server starts', async () => {
    const { handle } = testDb();
    await seedDemoAccount(handle, 'development');
    await seedDemoAccount(handle, 'development');
    const user = await findUserByEmail(handle.db, demoAccount.email);
    const devices = await listDevices(handle.db, user?.id ?? '');
    expect(devices.map((d) => d.deviceUserId)).toEqual(demoDevices.map((d) => d.deviceUserId));
    expect(devices.map((d) => d.appType)).toEqual([1, 101, 401]);
  });
});
