import 'server-only';
import { seedDemoAccount } from '@/server/account/seed';
import { importBlogIfEmpty } from '@/server/blog/startup-import';
import { type Config, ConfigError, config } from '@/server/config';
import { DatabaseUnavailableError, type DbHandle, getDb } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';

// Start-up problems a person can fix (bad setting, database down) end the process with one
// clear line instead of a stack trace; anything else is a bug and keeps its stack.
function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadConfig(): Config {
  try {
    return config();
  } catch (error: unknown) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

/** Parses the configuration, opens the shared database and applies pending migrations. */
export async function prepareDatabase(): Promise<{ settings: Config; handle: DbHandle }> {
  const settings = loadConfig();
  try {
    const handle = getDb();
    await runMigrations(handle);
    return { settings, handle };
  } catch (error: unknown) {
    if (error instanceof DatabaseUnavailableError) exitWith(error.message);
    throw error;
  }
}

const announcedKey = Symbol.for('turbovpn.server.demo-announced');
const store = globalThis as typeof globalThis & { [announcedKey]?: boolean };

/** Everything the web server needs before it answers requests (called from instrumentation). */
export async function startServer(): Promise<void> {
  const { settings, handle } = await prepareDatabase();
  // Blog content ships with the code: an empty posts table gets content/blog (issue 5).
  await importBlogIfEmpty(handle, settings.SITE_URL);
  if (settings.APP_ENV === 'production') return;
  const demo = await seedDemoAccount(handle, settings.APP_ENV);
  // Dev reloads may run this again in the same process; the line is useful once.
  if (demo && !store[announcedKey]) {
    store[announcedKey] = true;
    console.log(`Demo account: ${demo.email} / ${demo.password}`);
  }
}
