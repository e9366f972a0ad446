import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '@/server/account/password-hash';
import { demoAccount, seedDemoAccount } from '@/server/account/seed';
import { testDatabaseUrl, useTestDb } from '../../../tests/support/test-db';
import { createDb } from './client';
import { migrationStatus, runMigrations } from './migrate';
import { users } from './schema';

const expected = (
  JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] }
).entries.length;

describe('migrations on a fresh database', () => {
  const testDb = useTestDb({ migrated: false });

  it('reports nothing applied before the first run', async () => {
    expect(await migrationStatus(testDb().handle)).toEqual({
      applied: 0,
      expected,
      current: false,
    });
  });

  it('applies drizzle/ and reports current', async () => {
    await runMigrations(testDb().handle);
    expect(await migrationStatus(testDb().handle)).toEqual({
      applied: expected,
      expected,
      current: true,
    });
  });

  it('creates users, refusing an email that is not trimmed and lower-case, or a duplicate', async () => {
    const { db } = testDb().handle;
    const [row] = await db.insert(users).values({ email: 'someone@example.com' }).returning();
    expect(row).toMatchObject({
      email: 'someone@example.com',
      name: '',
      passwordHash: null,
      avatar: null,
    });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    await expect(db.insert(users).values({ email: 'Someone@Example.com' })).rejects.toThrow();
    await expect(db.insert(users).values({ email: ' someone@example.com' })).rejects.toThrow();
    await expect(db.insert(users).values({ email: 'someone@example.com' })).rejects.toThrow();
  });

  it('is idempotent: a second run applies nothing and keeps the data', async () => {
    await runMigrations(testDb().handle);
    expect(await migrationStatus(testDb().handle)).toEqual({
      applied: expected,
      expected,
      current: true,
    });
    const rows = await testDb()
      .handle.db.select()
      .from(users)
      .where(eq(users.email, 'someone@example.com'));
    expect(rows).toHaveLength(1);
  });
});

describe.runIf(testDatabaseUrl)('migrations on PostgreSQL from several instances at once', () => {
  const testDb = useTestDb({ migrated: false });

  it('migrates once under the advisory lock', async () => {
    const url = testDb().url ?? '';
    const others = [createDb({ url }), createDb({ url }), createDb({ url })];
    try {
      await Promise.all([testDb().handle, ...others].map((handle) => runMigrations(handle)));
      expect(await migrationStatus(testDb().handle)).toEqual({
        applied: expected,
        expected,
        current: true,
      });
    } finally {
      await Promise.all(others.map((handle) => handle.close()));
    }
  });
});

describe('seedDemoAccount', () => {
  const testDb = useTestDb();
  const demoRows = () =>
    testDb().handle.db.select().from(users).where(eq(users.email, demoAccount.email));

  it('does nothing in production', async () => {
    expect(await seedDemoAccount(testDb().handle, 'production')).toBeNull();
    expect(await demoRows()).toHaveLength(0);
  });

  it('creates the demo account with an argon2id password that verifies', async () => {
    expect(await seedDemoAccount(testDb().handle, 'development')).toEqual({
      email: 'demo@turbovpn.local',
      password: 'Demo-pass1!',
    });
    const [row] = await demoRows();
    expect(row?.name).toBe('Demo User');
    const hash = row?.passwordHash ?? '';
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Demo-pass1!')).toBe(true);
    expect(await verifyPassword(hash, 'demo-pass1!')).toBe(false);
  });

  it('is idempotent', async () => {
    const [before] = await demoRows();
    expect(await seedDemoAccount(testDb().handle, 'development')).not.toBeNull();
    const after = await demoRows();
    expect(after).toHaveLength(1);
    expect(after[0]?.passwordHash).toBe(before?.passwordHash);
    expect(after[0]?.id).toBe(before?.id);
  });

  it('restores the demo password when it was changed, keeping the account', async () => {
    const { db } = testDb().handle;
    const [before] = await demoRows();
    await db
      .update(users)
      .set({ passwordHash: 'not-a-hash' })
      .where(eq(users.email, demoAccount.email));
    await seedDemoAccount(testDb().handle, 'test');
    const [after] = await demoRows();
    expect(after?.id).toBe(before?.id);
    expect(await verifyPassword(after?.passwordHash ?? '', 'Demo-pass1!')).toBe(true);
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    expect(count).toBe(1);
  });
});
