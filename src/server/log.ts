import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The server's one logger: JSON lines on standard output, level from LOG_LEVEL.
 *
 * Nothing secret or personal may reach a log line, however a caller builds it, so the rules act
 * at three points:
 * - keys: at any depth of a logged object, a key that names a secret (password, token, secret,
 *   code, cookie, authorization, api key, signature…) has its value replaced by `[Redacted]`, and
 *   a key that names an address (email, username, to, from) keeps only a masked address;
 * - errors: logged errors become `{ type, message, stack, error_code }`, their text masked;
 * - the finished line: every email address in it, in messages, bindings and values alike, is
 *   masked to its first character and domain (`ann@example.com` → `a***@example.com`), and the
 *   password of any `scheme://user:password@host` URL is replaced.
 * Request bodies, query strings and raw paths are never logged (the access log names the route
 * pattern), which keeps codes and tokens that travel there out of reach of the rules above.
 */

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const redacted = '[Redacted]';

// Keys are compared lower-cased without '-' and '_': `set-cookie`, `reset_code`, `apiKey`.
const secretKeyParts = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'authorization',
  'cookie',
  'apikey',
  'credential',
  'signature',
  'recasign',
  'privatekey',
];
const secretKeys = new Set(['code', 'otp', 'pin', 'sessionid', 'sid', 'auth']);
// Keys ending in "code" are secrets (reset, verify, gift, promo codes) except these.
const harmlessCodeKeys = new Set([
  'errorcode',
  'statuscode',
  'countrycode',
  'currencycode',
  'languagecode',
  'localecode',
]);
const addressKeyParts = ['email', 'mail'];
const addressKeys = new Set(['username', 'user', 'to', 'from', 'replyto', 'cc', 'bcc', 'login']);

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

export function isSecretKey(key: string): boolean {
  const k = normalizeKey(key);
  if (secretKeys.has(k)) return true;
  if (k.endsWith('code') && !harmlessCodeKeys.has(k)) return true;
  return secretKeyParts.some((part) => k.includes(part));
}

function isAddressKey(key: string): boolean {
  const k = normalizeKey(key);
  return addressKeys.has(k) || addressKeyParts.some((part) => k.includes(part));
}

// Local part, '@' (or its percent-encoding), domain with a letter TLD.
const emailPattern =
  /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
const urlCredentialsPattern = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/@:]*):[^\s/@]*@/gi;
// `password=…`, `token: …`, `code=…` written into a text (a driver's or library's message).
const secretAssignmentPattern =
  /\b((?:new_?|current_?)?(?:password|passwd|pwd|secret|token|code|authorization|cookie|api_?key))(["']?\s*[=:]\s*)(?:(?:Bearer|Basic)\s+)?("[^"]*"|'[^']*'|[^\s&,;"'})\]]+)/gi;
const bearerPattern = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/**
 * Masks every email address (`ann@example.com` → `a***@example.com`) and the password of every
 * URL. A URL's user name (`postgres://app@db.example.com`) is not an address and stays. Safe on
 * a finished JSON line as well as on a plain text.
 */
export function maskEmails(text: string): string {
  return text
    .replace(urlCredentialsPattern, '$1:***@')
    .replace(
      emailPattern,
      (match, first: string, at: string, domain: string, offset: number, whole: string) =>
        whole.slice(Math.max(0, offset - 3), offset) === '://'
          ? match
          : `${first}***${at}${domain}`,
    );
}

/** maskEmails, and secrets written as `name=value` or `Bearer value` into a text. */
export function maskText(text: string): string {
  return maskEmails(text)
    .replace(secretAssignmentPattern, `$1$2${redacted}`)
    .replace(bearerPattern, `$1 ${redacted}`);
}

const maxDepth = 8;
const maxItems = 100;

function serializeError(error: Error, seen: WeakSet<object>, depth: number) {
  const out: Record<string, unknown> = {
    type: error.name,
    message: maskText(error.message),
  };
  if (error.stack) out.stack = maskText(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.error_code = code;
  if (error.cause !== undefined) out.cause = clean(error.cause, seen, depth + 1);
  if (error instanceof AggregateError) {
    out.errors = error.errors.slice(0, maxItems).map((item) => clean(item, seen, depth + 1));
  }
  return out;
}

function cleanAddress(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('@') ? maskText(value) : redacted;
  if (Array.isArray(value)) return value.slice(0, maxItems).map(cleanAddress);
  return value === null || value === undefined ? value : redacted;
}

/** A copy of `value` safe to log: the key rules at every depth, every string masked. */
export function clean(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  if (depth >= maxDepth) return '[Nested]';
  seen.add(value);
  if (value instanceof Error) return serializeError(value, seen, depth);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return `${value.origin}${value.pathname}`;
  if (Array.isArray(value)) {
    return value.slice(0, maxItems).map((item) => clean(item, seen, depth + 1));
  }
  if (value instanceof Map) return clean(Object.fromEntries(value), seen, depth);
  if (value instanceof Headers) return clean(Object.fromEntries(value.entries()), seen, depth);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[Binary]';
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretKey(key)) out[key] = redacted;
    else if (isAddressKey(key)) out[key] = cleanAddress(item);
    else out[key] = clean(item, seen, depth + 1);
  }
  return out;
}

/**
 * A logger call's arguments with its message masked. pino takes the message of an error logged
 * without one (`log.error(error)`, `log.error({ err })`) from the raw error: give it the masked
 * message instead.
 */
function maskArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) {
    return [{ err: first }, ...(rest.length > 0 ? rest : [first.message])].map(maskArgument);
  }
  const err = (first as { err?: unknown } | null)?.err;
  if (rest.length === 0 && typeof first === 'object' && err instanceof Error) {
    return [first, maskText(err.message)];
  }
  return args.map(maskArgument);
}

const maskArgument = (arg: unknown) => (typeof arg === 'string' ? maskText(arg) : arg);

function levelFromEnv(): LogLevel {
  const wanted = process.env.LOG_LEVEL;
  // An invalid value is reported by the configuration check at start; until then: info.
  return logLevels.find((level) => level === wanted) ?? 'info';
}

/** A logger with the rules above, writing JSON lines to `stream`. */
export function createLogger(stream: DestinationStream, level: LogLevel = levelFromEnv()): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors are already plain objects (clean); pino's own serializer would rename their type.
      serializers: { err: (value: unknown) => value },
      formatters: {
        level: (label) => ({ level: label }),
        bindings: (bindings) => clean(bindings) as Record<string, unknown>,
        log: (object) => clean(object) as Record<string, unknown>,
      },
      hooks: {
        // Messages: the same masking as every string value.
        logMethod(args, method) {
          return method.apply(this, maskArguments(args) as Parameters<typeof method>);
        },
        // The last guard: no address survives in the finished line, wherever it came from.
        streamWrite: maskEmails,
      },
    },
    stream,
  );
}

interface LogState {
  /** Where lines go now. */
  target: DestinationStream;
  /** Where they go unless a test redirects them. */
  standard: DestinationStream;
  root: Logger;
}

const stateKey = Symbol.for('turbovpn.log');
const holder = globalThis as typeof globalThis & { [stateKey]?: LogState };

const discard: DestinationStream = { write: () => undefined };

// Next bundles this module into several chunks: one sink and one root logger per process.
function state(): LogState {
  if (!holder[stateKey]) {
    // Test runs stay quiet unless LOG_LEVEL asks for output; tests read logs with
    // setLogDestination (tests/support/log-capture.ts).
    const quiet = Boolean(process.env.VITEST) && !process.env.LOG_LEVEL;
    const standard = quiet ? discard : process.stdout;
    const sink: DestinationStream = { write: (line) => holder[stateKey]?.target.write(line) };
    holder[stateKey] = { target: standard, standard, root: createLogger(sink) };
  }
  return holder[stateKey];
}

/** The process's logger. Areas add their name: `logger.child({ area: 'payments' })`. */
export const logger: Logger = state().root;

/** Sends the process's log lines to `stream` (tests); `undefined` restores the standard one. */
export function setLogDestination(stream: DestinationStream | undefined): void {
  const current = state();
  current.target = stream ?? current.standard;
}

/**
 * Development only: a line for the person at the terminal, outside the structured log (the demo
 * account's sign-in, the development outbox's mails). Nothing is printed unless APP_ENV is
 * development, and production refuses the configurations that print.
 */
export function developerNotice(line: string): void {
  if ((process.env.APP_ENV ?? 'development') !== 'development' || process.env.VITEST) return;
  process.stdout.write(`${line}\n`);
}
