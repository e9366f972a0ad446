import 'server-only';
import { seedDemoAccount } from '@/server/account/seed';
import { importBlogIfEmpty } from '@/server/blog/startup-import';
import { type Config, ConfigError, config } from '@/server/config';
import { DownloadsManifestError, loadDownloads, searchPageApps } from '@/server/content/downloads';
import { DatabaseUnavailableError, type DbHandle, getDb } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { developerNotice, logger } from '@/server/log';
import { getMailer } from '@/server/mail';
import { processMailQueue } from '@/server/mail/queue';
import { providerFromConfig } from '@/server/payments';
import { reconcileOverdue } from '@/server/payments/billing';
import { sendRenewalReminders } from '@/server/payments/billing-notices';
import { mailReceipts } from '@/server/payments/emails';
import { syncProviderPlans } from '@/server/payments/plan-sync';
import { retryQueuedRefunds } from '@/server/payments/refunds';
import { pruneExpiredRecords } from '@/server/retention/queries';

// Start-up problems a person can fix (bad setting, database down) end the process with one
// clear log line instead of a stack trace; anything else is a bug and keeps its stack.
function exitWith(message: string): never {
  logger.fatal({ area: 'startup' }, message);
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
const refundTimerKey = Symbol.for('turbovpn.server.refund-retry');
const store = globalThis as typeof globalThis & {
  [announcedKey]?: boolean;
  [refundTimerKey]?: NodeJS.Timeout;
};

// Refunds the provider could not take at once (down, slow) are sent again every few minutes.
// Safe on several instances: the refund's idempotency key and the conditional 'refunded'
// update make a second sender a no-op.
const refundRetryMs = 5 * 60_000;

function scheduleRefundRetries(handle: DbHandle) {
  if (store[refundTimerKey]) return;
  const provider = providerFromConfig(() => handle.db);
  store[refundTimerKey] = setInterval(() => {
    retryQueuedRefunds(handle.db, provider).catch((error: unknown) => {
      logger.error({ area: 'payments', err: error }, 'refund retry failed');
    });
  }, refundRetryMs);
  store[refundTimerKey].unref();
}

const mailTimerKey = Symbol.for('turbovpn.server.mail-queue');
const mailStore = globalThis as typeof globalThis & { [mailTimerKey]?: NodeJS.Timeout };

// Queued mail (the mail server was away when it was first tried) is sent again when due, with
// exponential backoff (src/server/mail/queue.ts). Every instance runs this; FOR UPDATE SKIP
// LOCKED claiming means each mail is sent by one of them.
const mailQueueEveryMs = 15_000;

function scheduleMailQueue(handle: DbHandle) {
  if (mailStore[mailTimerKey]) return;
  let running = false;
  mailStore[mailTimerKey] = setInterval(() => {
    if (running) return;
    running = true;
    processMailQueue(handle.db, getMailer())
      .catch((error: unknown) => {
        logger.error({ area: 'mail', err: error }, 'mail queue run failed');
      })
      .finally(() => {
        running = false;
      });
  }, mailQueueEveryMs);
  mailStore[mailTimerKey].unref();
}

const retentionTimerKey = Symbol.for('turbovpn.server.retention');
const retentionStore = globalThis as typeof globalThis & { [retentionTimerKey]?: NodeJS.Timeout };

// What outlived the privacy policy's periods is deleted soon after start and then every hour
// (src/server/retention/queries.ts).
const retentionEveryMs = 60 * 60_000;

function scheduleRetention(handle: DbHandle) {
  if (retentionStore[retentionTimerKey]) return;
  const run = () => {
    pruneExpiredRecords(handle.db)
      .then((removed) => {
        if (Object.values(removed).some((n) => n > 0)) {
          logger.info({ area: 'retention', removed }, 'expired records deleted');
        }
      })
      .catch((error: unknown) => {
        logger.error({ area: 'retention', err: error }, 'retention run failed');
      });
  };
  retentionStore[retentionTimerKey] = setInterval(run, retentionEveryMs);
  retentionStore[retentionTimerKey].unref();
  setTimeout(run, 60_000).unref();
}

const billingTimerKey = Symbol.for('turbovpn.server.billing');
const billingStore = globalThis as typeof globalThis & { [billingTimerKey]?: NodeJS.Timeout };

// The catalogue's billing plans are made or brought up to date at the provider (PayPal, or the
// sandbox) at start and then every hour, so a catalogue row changed in the database needs no
// restart; the same run reads back subscriptions whose renewal is overdue, so a lost event
// never loses a renewal. All idempotent and safe on several instances at once
// (src/server/payments/plan-sync.ts, billing.ts); a failure is logged and the next run tries
// again.
const billingEveryMs = 60 * 60_000;

function scheduleBilling(handle: DbHandle) {
  if (billingStore[billingTimerKey]) return;
  const billing = providerFromConfig(() => handle.db);
  const run = async () => {
    try {
      const report = await syncProviderPlans(handle.db, billing);
      if (report.created.length > 0 || report.skipped.length > 0) {
        logger.info({ area: 'payments', ...report }, 'billing plans synchronised');
      }
      await reconcileOverdue(handle.db, billing);
      // Receipts a stopped process did not mail, and the week-ahead renewal reminders: each
      // mailed once whichever instance runs first (billing-notices.ts, emails.ts).
      const receipts = await mailReceipts(handle.db);
      const reminders = await sendRenewalReminders(handle.db);
      if (receipts > 0 || reminders > 0) {
        logger.info({ area: 'payments', receipts, reminders }, 'billing mails queued');
      }
    } catch (error: unknown) {
      logger.error({ area: 'payments', err: error }, 'billing plan sync failed');
    }
  };
  billingStore[billingTimerKey] = setInterval(run, billingEveryMs);
  billingStore[billingTimerKey].unref();
  void run();
}

/**
 * An invalid downloads manifest stops the start (the build that rendered the download pages
 * would have failed on it too); production says which apps still link to a store's search.
 */
function checkDownloads(settings: Config) {
  let searchApps: string[];
  try {
    searchApps = searchPageApps(loadDownloads(settings.DOWNLOADS_MANIFEST));
  } catch (error: unknown) {
    if (error instanceof DownloadsManifestError) exitWith(`Downloads manifest ${error.message}`);
    throw error;
  }
  if (settings.APP_ENV === 'production' && searchApps.length > 0) {
    logger.warn(
      { area: 'downloads', apps: searchApps },
      `Downloads: ${searchApps.join(', ')} link to a store's search results, not the app's ` +
        'own listing; give their listings in DOWNLOADS_MANIFEST (docs/operations.md)',
    );
  }
}

/** Everything the web server needs before it answers requests (called from instrumentation). */
export async function startServer(): Promise<void> {
  checkDownloads(loadConfig());
  const { settings, handle } = await prepareDatabase();
  // Blog content ships with the code: an empty posts table gets content/blog (issue 5).
  await importBlogIfEmpty(handle, settings.SITE_URL);
  scheduleRefundRetries(handle);
  scheduleMailQueue(handle);
  scheduleRetention(handle);
  scheduleBilling(handle);
  if (settings.APP_ENV === 'production') {
    if (settings.SELLER_ADDRESS.length === 0) {
      logger.warn(
        { area: 'payments' },
        'Receipts name no seller address: set SELLER_ADDRESS (README.md, settings)',
      );
    }
    return;
  }
  if (!settings.PAYPAL_CLIENT_ID && !store[announcedKey]) {
    logger.warn(
      { area: 'payments' },
      'Payments: the built-in sandbox provider (no PayPal credentials; no money moves)',
    );
  }
  const demo = await seedDemoAccount(handle, settings.APP_ENV);
  // Dev reloads may run this again in the same process; the line is useful once.
  if (demo && !store[announcedKey]) {
    store[announcedKey] = true;
    // For the person at the terminal, not the log (development only: production never seeds it).
    developerNotice(`Demo account: ${demo.email} / ${demo.password}`);
  }
}
