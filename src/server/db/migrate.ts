import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { type DbHandle, dbErrorCode, pingDb, unavailable } from './client';
import * as schema from './schema';

/** drizzle/ of the checkout; the server and scripts run from the project root. */
export function migrationsFolder(): string {
  return path.join(process.cwd(), 'drizzle');
}

// Drizzle's own bookkeeping table (its defaults), declared here to read it with types.
// Not part of schema.ts, so drizzle-kit never tries to create it.
const migrationsTable = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

// Any constant works; it only has to be the same in every instance of this app.
const migrationLockSql = "select pg_advisory_lock(hashtext('turbovpn.migrations'))";
const migrationUnlockSql = "select pg_advisory_unlock(hashtext('turbovpn.migrations'))";

/** Applies the pending migrations of drizzle/. Unreachable database: DatabaseUnavailableError. */
export async function runMigrations(
  handle: DbHandle,
  folder: string = migrationsFolder(),
): Promise<void> {
  await pingDb(handle);
  if (handle.kind === 'pglite') {
    await migratePglite(handle.driver, { migrationsFolder: folder });
    return;
  }
  // Several instances may start together: the first takes the lock and migrates, the others
  // wait and then find nothing left to do. The lock belongs to this one connection.
  let client: PoolClient;
  try {
    client = await handle.pool.connect();
  } catch (error: unknown) {
    throw unavailable(handle.label, error);
  }
  let failed = false;
  try {
    await client.query(migrationLockSql);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder });
    } finally {
      await client.query(migrationUnlockSql);
    }
  } catch (error: unknown) {
    failed = true;
    throw error;
  } finally {
    // A connection that failed mid-way is dropped rather than reused (its lock dies with it).
    client.release(failed);
  }
}

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })),
});

export interface MigrationStatus {
  applied: number;
  expected: number;
  /** Every migration of drizzle/ has been applied. */
  current: boolean;
}

/** Compares the migrations recorded in the database with drizzle/meta/_journal.json. */
export async function migrationStatus(
  handle: DbHandle,
  folder: string = migrationsFolder(),
): Promise<MigrationStatus> {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  const rows = await appliedMigrations(handle);
  const appliedAt = new Set(rows.map((row) => row.createdAt));
  return {
    applied: rows.length,
    expected: journal.entries.length,
    current: journal.entries.every((entry) => appliedAt.has(entry.when)),
  };
}

async function appliedMigrations(handle: DbHandle): Promise<{ createdAt: number | null }[]> {
  try {
    return await handle.db.select({ createdAt: migrationsTable.createdAt }).from(migrationsTable);
  } catch (error: unknown) {
    // A database that was never migrated has no bookkeeping table (or schema) yet.
    const code = dbErrorCode(error);
    if (code === '42P01' || code === '3F000') return [];
    throw error;
  }
}
