// The accounts API as tests call it: an app on the test database, calls with the site's headers,
// and new accounts to sign in with (not shipped: only test files import this).
import type { Hono } from 'hono';
import { checkoutCookieName } from '@/lib/session-cookie';
import { hashPassword } from '@/server/account/password-hash';
import { upsertUserWithPassword } from '@/server/account/queries';
import { type AppOptions, createApp } from '@/server/api/app';
import type { AppEnv } from '@/server/api/types';
import { users } from '@/server/db/schema';
import type { TestDb } from './test-db';

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  cookie?: string;
  /** The caller's address (X-Forwarded-For); a fresh one per call by default. */
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: { code: number; message: string; data?: unknown; err_code?: number };
  headers: Headers;
  setCookies: string[];
}

/** `name=value` of the cookie `name` an answer set, for a later request's Cookie ('' if none). */
function cookieSet(result: CallResult, name: string): string {
  return result.setCookies.find((line) => line.startsWith(`${name}=`))?.split(';')[0] ?? '';
}

/**
 * What tests use of a started checkout (201): its order id, the checkout cookie that follows it
 * and the sandbox provider's order id, to approve it there.
 */
export function startedCheckout(result: CallResult) {
  const order = result.body.data as { order_id: string; approve_url: string };
  return {
    orderId: order.order_id,
    cookie: cookieSet(result, checkoutCookieName),
    sandboxId: decodeURIComponent(order.approve_url.split('/').pop() ?? ''),
  };
}

let ipCounter = 0;
/** A documentation-range address (TEST-NET-3) nobody else uses in this run. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export function accountKit(testDb: () => TestDb, options: Omit<AppOptions, 'db'> = {}) {
  let app: Hono<AppEnv> | undefined;
  const appOf = () => {
    app ??= createApp({ ...options, db: () => testDb().handle });
    return app;
  };

  async function call(path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = {
      'app-type': '502',
      'X-Forwarded-For': options.ip ?? freshIp(),
      ...options.headers,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.Cookie = options.cookie;
    const res = await appOf().request(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return {
      status: res.status,
      body: (await res.json()) as CallResult['body'],
      headers: res.headers,
      setCookies: res.headers.getSetCookie(),
    };
  }

  let userCounter = 0;
  /** A new account; `password: null` makes one without a password (as checkout does). */
  async function createUser(password: string | null = 'Start-pass1!') {
    userCounter += 1;
    const email = `user${userCounter}-${Date.now()}@example.com`;
    const db = testDb().handle.db;
    if (password === null) await db.insert(users).values({ email });
    else
      await upsertUserWithPassword(db, {
        email,
        name: '',
        passwordHash: await hashPassword(password),
      });
    return { email, password: password ?? '' };
  }

  async function login(email: string, password: string, ip?: string): Promise<string> {
    const result = await call('/api/mms/account/v1/web/login', {
      body: { username: email, password },
      ip,
    });
    if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
    return (result.body.data as { token: string }).token;
  }

  return { call, createUser, login, app: appOf };
}
