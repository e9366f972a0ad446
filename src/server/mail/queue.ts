import 'server-only';
import type { Db } from '@/server/db/client';
import type { QueuedMail } from '@/server/db/schema';
import { logger } from '@/server/log';
import {
  claimQueuedMail,
  deleteQueuedMail,
  type EnqueueOptions,
  expireQueuedMail,
  insertQueuedMail,
  mailAttachments,
  markMailFailed,
  scheduleMailRetry,
} from './queries';
import type { Mailer, MailMessage } from './types';

export type { EnqueueOptions } from './queries';
export { insertQueuedMail as enqueueMail, queuedMail } from './queries';

// The durable mail queue. Every mail is a `mail_queue` row first, written with the work that
// causes it (in its transaction where there is one), so a mail server that is down, or a
// process that stops, loses nothing. The row is tried at once; if that fails, the worker of
// any instance (startMailQueueWorker) retries it with exponential backoff. Claiming takes a
// lease with FOR UPDATE SKIP LOCKED, so two instances never send the same row at the same time,
// and a row whose sender died is taken over when its lease runs out.

export interface MailQueueSettings {
  /** Attempts in all (the first one included) before the mail is marked failed. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. */
  baseDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** How long a claim holds a row; a sender that died frees it after this. */
  leaseMs: number;
}

/** 30 s, 1, 2, 4, 8, 16, 32 min, then failed: about an hour of trying in all. */
export const mailQueueDefaults: MailQueueSettings = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
};

/** The wait before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number, settings: MailQueueSettings = mailQueueDefaults) {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(settings.baseDelayMs * 2 ** exponent, settings.maxDelayMs);
}

// Each process remembers whether its mailer worked lately, so a code request can tell the user
// the truth without waiting for (or revealing) a delivery of its own.
interface Availability {
  ok: boolean;
  at: number;
  checking?: Promise<boolean>;
}
const availabilityKey = Symbol.for('turbovpn.mail.availability');
const holder = globalThis as typeof globalThis & {
  [availabilityKey]?: WeakMap<Mailer, Availability>;
};

function availability(): WeakMap<Mailer, Availability> {
  holder[availabilityKey] ??= new WeakMap();
  return holder[availabilityKey];
}

function noteDelivery(mailer: Mailer, ok: boolean) {
  availability().set(mailer, { ok, at: Date.now() });
}

/**
 * Whether the mailer can take mail now: the outcome of its last delivery or check when it is
 * recent, otherwise a fresh check (SMTP: connect and greet). Never throws.
 */
export async function mailAvailable(mailer: Mailer, maxAgeMs = 15_000): Promise<boolean> {
  const known = availability().get(mailer);
  if (known && Date.now() - known.at < maxAgeMs) return known.ok;
  if (known?.checking) return known.checking;
  if (!mailer.verify) return known?.ok ?? true;
  const verify = mailer.verify.bind(mailer);
  const checking = verify().then(
    () => true,
    () => false,
  );
  availability().set(mailer, { ok: known?.ok ?? true, at: known?.at ?? 0, checking });
  const ok = await checking;
  noteDelivery(mailer, ok);
  return ok;
}

function messageOf(row: QueuedMail): MailMessage {
  return {
    to: row.to,
    subject: row.subject,
    text: row.text ?? '',
    html: row.html ?? '',
    ...(row.headers ? { headers: row.headers } : {}),
    ...(row.attachments ? { attachments: mailAttachments(row.attachments) } : {}),
  };
}

// Driver errors and SMTP replies are for the operator; keep the row's note short.
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

export type AttemptOutcome = 'sent' | 'retry' | 'failed';

/** Sends one claimed row and records the outcome: deleted when sent, else backoff or failed. */
async function attempt(
  db: Db,
  mailer: Mailer,
  row: QueuedMail,
  settings: MailQueueSettings,
): Promise<AttemptOutcome> {
  try {
    await mailer.send(messageOf(row));
  } catch (error: unknown) {
    noteDelivery(mailer, false);
    const now = Date.now();
    const failed = row.attempts >= settings.maxAttempts;
    if (failed) await markMailFailed(db, { id: row.id, reason: reasonOf(error) });
    else
      await scheduleMailRetry(db, {
        id: row.id,
        at: new Date(now + retryDelayMs(row.attempts, settings)),
        reason: reasonOf(error),
      });
    logger.error(
      {
        area: 'mail',
        kind: row.kind,
        to: row.to,
        attempt: row.attempts,
        max_attempts: settings.maxAttempts,
        reason: reasonOf(error),
      },
      failed ? 'mail not sent, giving up' : 'mail not sent, will retry',
    );
    return failed ? 'failed' : 'retry';
  }
  noteDelivery(mailer, true);
  await deleteQueuedMail(db, row.id);
  return 'sent';
}

/**
 * Tries a queued mail now (right after it was stored). True when it was sent; false when it
 * stays queued for the worker (or another sender has it). Never throws for a mail failure.
 */
export async function deliverQueued(
  db: Db,
  mailer: Mailer,
  id: string,
  settings: MailQueueSettings = mailQueueDefaults,
): Promise<boolean> {
  const [row] = await claimQueuedMail(db, {
    now: new Date(),
    limit: 1,
    id,
    leaseMs: settings.leaseMs,
  });
  if (!row) return false;
  return (await attempt(db, mailer, row, settings)) === 'sent';
}

/** Stores a mail and tries it at once; true when it went out, false when the queue retries it. */
export async function sendQueued(
  db: Db,
  mailer: Mailer,
  message: MailMessage,
  options: EnqueueOptions,
  settings: MailQueueSettings = mailQueueDefaults,
): Promise<boolean> {
  const id = await insertQueuedMail(db, message, options);
  return deliverQueued(db, mailer, id, settings);
}

/**
 * Queues a mail in the transaction of `claim`, a conditional update that succeeds for one
 * caller only (a receipt's `mailed_at`, a renewal's reminder), then tries it at once: however
 * many senders run at the same moment, one queues it. True when this caller did.
 */
export async function sendClaimed(
  db: Db,
  mailer: Mailer,
  message: MailMessage,
  options: EnqueueOptions,
  claim: (tx: Db) => Promise<boolean>,
  settings: MailQueueSettings = mailQueueDefaults,
): Promise<boolean> {
  const id = await db.transaction(async (tx) =>
    (await claim(tx)) ? insertQueuedMail(tx, message, options) : undefined,
  );
  if (!id) return false;
  await deliverQueued(db, mailer, id, settings);
  return true;
}

export interface QueueRun {
  sent: number;
  retried: number;
  failed: number;
}

/** One pass of the worker: sends every due mail (up to `limit`), one at a time. */
export async function processMailQueue(
  db: Db,
  mailer: Mailer,
  settings: MailQueueSettings = mailQueueDefaults,
  limit = 50,
): Promise<QueueRun> {
  const now = new Date();
  await expireQueuedMail(db, now);
  const rows = await claimQueuedMail(db, { now, limit, leaseMs: settings.leaseMs });
  const run: QueueRun = { sent: 0, retried: 0, failed: 0 };
  for (const row of rows) {
    const outcome = await attempt(db, mailer, row, settings);
    if (outcome === 'sent') run.sent += 1;
    else if (outcome === 'retry') run.retried += 1;
    else run.failed += 1;
  }
  return run;
}
