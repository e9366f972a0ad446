// The API in-process for the hostile-input tests: the app on a test database with the sandbox
// payment provider and a mailer that keeps mails in memory (forms mail every accepted
// submission; a real SMTP round trip per mail would dominate the run), plus the one check every
// answer must pass, whatever was sent.
import { afterAll, beforeAll } from 'vitest';
import { flushAnalytics } from '@/server/analytics';
import type { Mailer, MailMessage } from '@/server/mail';
import { createSandboxProvider } from '@/server/payments/sandbox';
import { accountKit } from './account-api';
// Renamed: the linter takes use* functions for React hooks.
import { useTestDb as fileTestDb } from './test-db';

export const siteOrigin = 'http://localhost:3000';

// Where getMailer() (src/server/mail/index.ts) keeps the process's mailer.
const mailerKey = Symbol.for('turbovpn.mailer');

/**
 * Installs the in-memory mailer and the test database; returns the accounts test kit on an app
 * with the sandbox payment provider, and the mails sent so far.
 */
export function setUpHostileApp() {
  const mails: MailMessage[] = [];
  const store = globalThis as Record<symbol, unknown>;
  const previousInbox = process.env.TEAM_INBOX;
  beforeAll(() => {
    process.env.TEAM_INBOX = 'team@hostile-test.example';
    const memory: Mailer = {
      kind: 'smtp',
      async send(message) {
        mails.push(message);
      },
    };
    store[mailerKey] = memory;
  });
  afterAll(() => {
    process.env.TEAM_INBOX = previousInbox;
    delete store[mailerKey];
  });
  const testDb = fileTestDb();
  // Registered after the database's own afterAll, so it runs first (hooks unwind like a stack):
  // buffered analytics events are written before the database closes.
  afterAll(async () => {
    await flushAnalytics();
  });
  const sandbox = createSandboxProvider(() => testDb().handle.db, siteOrigin);
  const kit = accountKit(testDb, { payments: sandbox });
  return { testDb, sandbox, kit, mails };
}

export interface HostileRequest {
  method: string;
  /** Path and query exactly as sent (already encoded, or deliberately not). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

const shown = (value: string, max = 300) =>
  value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value;

/** One line naming a request, short enough for a failure message. */
export function describeRequest(request: HostileRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? ` body ${JSON.stringify(shown(request.body, 200))}`
        : ` body <${request.body.length} bytes>`;
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${shown(value, 80)}`)
    .join(', ');
  return `${request.method} ${shown(request.path, 200)} [${headers}]${body}`;
}

/** Sends a request to the app; a thrown error (the request crashed) is reported as such. */
export async function send(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  request: HostileRequest,
): Promise<Answer> {
  try {
    const response = await app.request(request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error: unknown) {
    throw new Error(`the request crashed (${String(error)}): ${describeRequest(request)}`);
  }
}

// Signs of internals in an answer: stack frames, file paths, driver and parser messages.
const leaks: readonly RegExp[] = [
  /\/work\//,
  /node_modules/,
  /^\s*at \S.*\(.*:\d+:\d+\)\s*$/m,
  /^\s+at \S+ \(/m,
  /\b(TypeError|ReferenceError|RangeError|ZodError|DrizzleError|PGlite|DatabaseError)\b/,
  /Maximum call stack/,
  /duplicate key value|violates .* constraint|syntax error at or near|invalid byte sequence/i,
  /Unexpected token|is not valid JSON|in JSON at position/,
];

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) strings(item, out);
  return out;
}

/** A Location that stays on this site: a path (not `//host` or `/\host`) or the site's origin. */
export function isSameSiteLocation(location: string): boolean {
  const control = [...location].some((char) => char.charCodeAt(0) < 0x20);
  if (control || /[\\\s]/.test(location)) return false;
  if (location.startsWith('/') && !location.startsWith('//')) return true;
  try {
    return new URL(location).origin === siteOrigin;
  } catch {
    return false;
  }
}

export interface AnswerRules {
  /** The endpoint may answer a successful 200 with an HTML page (the sandbox approval page). */
  html?: boolean;
}

/**
 * Why an answer breaks the API contract for hostile input, or [] when it does not: never a
 * 5xx (the documented 503s cannot happen in these tests), JSON `{ code: number, message:
 * string }` (redirects: a same-site Location instead), no internals in any text.
 */
export function answerProblems(answer: Answer, rules: AnswerRules = {}): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  for (const pattern of leaks) {
    if (pattern.test(answer.text)) problems.push(`leaks internals (${pattern})`);
  }
  // A revalidated l10n answer (If-None-Match) has no body by definition.
  if (answer.status === 304) return problems;
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.get('Location') ?? '';
    if (!isSameSiteLocation(location)) problems.push(`redirects off-site to ${location}`);
    return problems;
  }
  const type = answer.headers.get('Content-Type') ?? '';
  if (rules.html && answer.status === 200 && type.startsWith('text/html')) return problems;
  if (!type.startsWith('application/json')) problems.push(`Content-Type ${type || '(none)'}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push('body is not JSON');
    return problems;
  }
  const envelope = body as { code?: unknown; message?: unknown };
  if (!body || typeof body !== 'object' || Array.isArray(body)) problems.push('body not an object');
  else {
    if (typeof envelope.code !== 'number') problems.push('code is not a number');
    if (typeof envelope.message !== 'string') problems.push('message is not a string');
    const success = envelope.code === 200 && envelope.message === 'ok';
    if (answer.status < 300 && !success) problems.push('a 2xx without code 200 and message ok');
    if (answer.status >= 400 && envelope.code === 200) problems.push('an error with code 200');
  }
  for (const text of strings(body)) {
    if (leaks.some((pattern) => pattern.test(text))) problems.push(`a text leaks: ${shown(text)}`);
  }
  return problems;
}

/** Throws (failing the test or property) when the answer breaks the contract. */
export function expectSafeAnswer(
  request: HostileRequest,
  answer: Answer,
  rules: AnswerRules = {},
): void {
  const problems = answerProblems(answer, rules);
  if (problems.length === 0) return;
  throw new Error(
    `${problems.join('; ')}\n  request: ${describeRequest(request)}\n  answer: ${answer.status} ${shown(answer.text)}`,
  );
}

/** The parsed JSON envelope of an answer (for tests that check codes). */
export function envelopeOf(answer: Answer): { code: number; message: string; data?: unknown } {
  return JSON.parse(answer.text) as { code: number; message: string; data?: unknown };
}
