// The one way tests get a database. Default: PGlite in memory. With TEST_DATABASE_URL
// (postgres://… of a role that may create databases): a fresh database on that server per call,
// dropped afterwards, so every DB test also proves itself on real PostgreSQL.
import { afterAll, beforeAll } from 'vitest';
import { createDb, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { createScratchDatabase } from '../../scripts/test/scratch-database';

export interface TestDb {
  handle: DbHandle;
  /** postgres://… of this test's own database (PostgreSQL runs only), for a second connection. */
  url?: string;
  /** Closes the connection and removes what the test created. */
  dispose(): Promise<void>;
}

export interface TestDbOptions {
  /** Apply drizzle/ before handing the database over (default true). */
  migrated?: boolean;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const testDb = testDatabaseUrl
    ? await createPostgresTestDb(testDatabaseUrl)
    : createPgliteTestDb();
  if (options.migrated ?? true) {
    try {
      await runMigrations(testDb.handle);
    } catch (error: unknown) {
      await testDb.dispose();
      throw error;
    }
  }
  return testDb;
}

function createPgliteTestDb(): TestDb {
  const handle = createDb();
  return { handle, dispose: () => handle.close() };
}

async function createPostgresTestDb(serverUrl: string): Promise<TestDb> {
  // A database rather than a schema: drizzle keeps its bookkeeping in the "drizzle" schema,
  // which would otherwise be shared by all test files running at once.
  const database = await createScratchDatabase(serverUrl, 'test');
  const handle = createDb({ url: database.url, maxConnections: 4 });
  return {
    handle,
    url: database.url,
    dispose: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * Registers beforeAll/afterAll for a test file and returns an accessor for its database,
 * e.g. `const db = useTestDb(); … createApp({ db: () => db().handle })`.
 */
export function useTestDb(options: TestDbOptions = {}): () => TestDb {
  let current: TestDb | undefined;
  beforeAll(async () => {
    current = await createTestDb(options);
  });
  afterAll(async () => {
    await current?.dispose();
  });
  return () => {
    if (!current) throw new Error('useTestDb(): the database is only ready inside tests');
    return current;
  };
}
