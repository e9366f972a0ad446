import 'server-only';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { config } from '@/server/config';
import { logger } from '@/server/log';
import * as schema from './schema';

export type Schema = typeof schema;

/** The Drizzle database every query function takes: the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

interface HandleBase {
  db: Db;
  /** Names the database for logs and startup errors; never carries a password. */
  label: string;
  close(): Promise<void>;
}

export interface PgliteHandle extends HandleBase {
  kind: 'pglite';
  driver: PgliteDatabase<Schema>;
  client: PGlite;
}

export interface PostgresHandle extends HandleBase {
  kind: 'postgres';
  driver: NodePgDatabase<Schema>;
  pool: pg.Pool;
}

/** An open database. `db` is for queries; `driver` exists for the driver-specific migrators. */
export type DbHandle = PgliteHandle | PostgresHandle;

export type DbKind = DbHandle['kind'];

/** The database cannot be opened or reached. Its message is safe to print; it holds no stack or password. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';

  constructor(
    readonly database: string,
    readonly reason: string,
  ) {
    super(`Cannot reach the database ${database}: ${reason}`);
  }
}

/** A connection URL with its password removed, fit for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres://<unparsable URL>';
  }
}

/** The SQLSTATE or socket code of a driver error, looking through Drizzle's query-error wrapper. */
export function dbErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code: unknown = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

const reasons: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENOENT: 'data directory missing',
  EACCES: 'permission denied',
  '28P01': 'password authentication failed',
  '28000': 'login rejected',
  '3D000': 'database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'too many connections',
};

/** Turns a driver failure into a short reason: the driver's own text may hold hosts or SQL. */
export function unavailable(label: string, error: unknown): DatabaseUnavailableError {
  if (error instanceof DatabaseUnavailableError) return error;
  const code = dbErrorCode(error);
  const timedOut = error instanceof Error && /timeout/i.test(error.message);
  const known = code ? reasons[code] : undefined;
  const reason = known ?? (timedOut ? 'connection timed out' : undefined);
  return new DatabaseUnavailableError(
    label,
    reason ?? (code ? `error ${code}` : 'connection failed'),
  );
}

// Failures that mean "the database is not there right now" rather than "this query is wrong":
// sockets, SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, crashed, starting)
// and 53300 (too many connections). Such a request answers 503 and may succeed when retried.
const unavailableCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

// node-postgres reports a dropped or timed-out connection with an Error that has no code.
const unavailableMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end/i;

/** Whether an error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code: unknown = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (unavailableMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Checks that the database answers; throws DatabaseUnavailableError otherwise. */
export async function pingDb(handle: DbHandle): Promise<void> {
  try {
    if (handle.kind === 'pglite') await handle.client.waitReady;
    await handle.db.execute(sql`select 1`);
  } catch (error: unknown) {
    throw unavailable(handle.label, error);
  }
}

export interface CreateDbOptions {
  /** postgres://… : PostgreSQL through node-postgres. */
  url?: string;
  /** PGlite data directory (created when missing); without it and without url, PGlite in memory. */
  dataDir?: string;
  /** PostgreSQL pool size. */
  maxConnections?: number;
}

/** Opens a new database. The app uses getDb(); this is for tests and scripts that need their own. */
export function createDb(options: CreateDbOptions = {}): DbHandle {
  return options.url
    ? openPostgres(options.url, options.maxConnections)
    : openPglite(options.dataDir);
}

function openPglite(dataDir: string | undefined): PgliteHandle {
  const label = dataDir ? `PGlite at ${dataDir}` : 'PGlite (in memory)';
  if (dataDir) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error: unknown) {
      throw unavailable(label, error);
    }
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  // Start-up failures surface through pingDb; this keeps them from being unhandled meanwhile.
  client.waitReady.catch(() => undefined);
  const driver = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    label,
    db: driver,
    driver,
    client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** How long a request waits for a connection from the pool (or a new one) before failing. */
export const connectTimeoutMs = 3_000;
/** How long one query may take before the client gives up on it (a hung server or network). */
export const queryTimeoutMs = 30_000;

function openPostgres(url: string, max = 10): PostgresHandle {
  const label = redactUrl(url);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database that is down answers at once (connection refused); one that does not answer
    // at all must not hold requests either: they fail within these limits and answer 503.
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  // An idle connection that drops emits 'error' on the pool; unhandled it would end the process.
  pool.on('error', (error: Error) => {
    logger.error({ area: 'db' }, unavailable(label, error).message);
  });
  // A connection lost while checked out (inside a transaction, between its statements) emits
  // 'error' on the client, where the pool listens only while it is idle: unhandled, it would end
  // the process. The statement in progress, or the next one, fails with the same error and the
  // request answers 503, so here it only needs handling.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const driver = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    kind: 'postgres',
    label,
    db: driver,
    driver,
    pool,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

// Next bundles instrumentation and route handlers separately, so a module-level variable would
// exist once per bundle; two PGlite instances on one directory corrupt it. globalThis is shared.
const sharedKey = Symbol.for('turbovpn.server.db');
const store = globalThis as typeof globalThis & { [sharedKey]?: DbHandle };

/** The process-wide database: PGlite in PGLITE_DIR without DATABASE_URL, PostgreSQL with it. */
export function getDb(): DbHandle {
  const existing = store[sharedKey];
  if (existing) return existing;
  const { DATABASE_URL, PGLITE_DIR } = config();
  const handle = createDb(DATABASE_URL ? { url: DATABASE_URL } : { dataDir: PGLITE_DIR });
  const closeDriver = handle.close;
  handle.close = async () => {
    if (store[sharedKey] === handle) delete store[sharedKey];
    await closeDriver();
  };
  store[sharedKey] = handle;
  return handle;
}
