// Throwaway PostgreSQL databases for tests and benchmarks: the test database helper
// (tests/support/test-db.ts), the fleet test, bench:load, bench:events and bench:search.
import pg from 'pg';

/** A database made for one run, and how to drop it. */
export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Creates an empty database named `prefix_<random>` on the cluster of `adminUrl` (a role with
 * CREATEDB); answers its URL and a function that drops it again (closing what is left open).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // FORCE ends our own connections that are still open; a process of another role, such
        // as an autovacuum worker busy in the database, cannot be ended by a CREATEDB role
        // (42501) and leaves soon by itself: try again for up to 5 s.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await client.query(`drop database if exists "${name}" with (force)`);
            return;
          } catch (error) {
            if ((error as { code?: string })?.code !== '42501' || attempt === 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
