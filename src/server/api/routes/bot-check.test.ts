import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { accountKit as AccountKit } from '../../../../tests/support/account-api';
// One database for the whole file (beforeAll/afterAll registered at module level).
import { useTestDb as fileTestDb } from '../../../../tests/support/test-db';

// A local stand-in for reCAPTCHA's siteverify: the token decides the verdict.
//   "human" → success, score 0.9;  "bot" → success, score 0.1;  anything else → success false.
interface SiteverifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}
const calls: SiteverifyCall[] = [];
let siteverify: Server;
let kit: ReturnType<typeof AccountKit>;
const testDb = fileTestDb();

beforeAll(async () => {
  siteverify = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const call = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      };
      calls.push(call);
      const verdict =
        call.response === 'human'
          ? { success: true, score: 0.9, action: 'login' }
          : call.response === 'bot'
            ? { success: true, score: 0.1, action: 'login' }
            : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(verdict));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as AddressInfo;
  vi.stubEnv('RECAPTCHA_SECRET_KEY', 'test-secret');
  vi.stubEnv('RECAPTCHA_VERIFY_URL', `http://127.0.0.1:${port}/recaptcha/api/siteverify`);
  // config() is parsed once per module instance: load the app after setting the environment.
  vi.resetModules();
  const { accountKit } = await import('../../../../tests/support/account-api');
  kit = accountKit(testDb);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => siteverify.close(resolve));
});

const loginPath = (version: string) => `/ws/mm/reca/${version}/account/v1/web/login`;
const directLogin = '/api/mms/account/v1/web/login';

/** Signs in as the site does: through the r3 wrapper with a passing token. */
async function wrappedLogin(user: { email: string; password: string }): Promise<string> {
  const res = await kit.call(loginPath('r3'), {
    body: { username: user.email, password: user.password, recasign: 'human' },
  });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return (res.body.data as { token: string }).token;
}

const refusedBody = { err_code: 500, code: 20104, message: 'ReCaptchaScoreTooLow' };

/**
 * The /api/mms/... paths the site's browser code sends through /ws/mm/reca/{r2|r3}/ (found in
 * src/components and src/client, as the site builds them).
 */
function wrappedBySite(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(full, 'utf8').matchAll(
          /\/ws\/mm\/reca\/r[23]\/([\w/.-]+)/g,
        )) {
          found.add(`/api/mms/${(match[1] ?? '').replace(/^mms\//, '')}`);
        }
      }
    }
  };
  for (const dir of ['src/components', 'src/client']) walk(path.resolve(dir));
  return [...found].sort();
}

describe('bot-check wrappers /ws/mm/reca/{r2,r3}/...', () => {
  it('r3: a good score passes the call on to /api/mms/... and its answer comes back', async () => {
    const user = await kit.createUser();
    const res = await kit.call(loginPath('r3'), {
      body: { username: user.email, password: user.password, recasign: 'human' },
      ip: '198.51.100.7',
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { token: string }).token).toMatch(/^[\w-]{43}$/);
    expect(res.setCookies.some((c) => c.startsWith('paypal_token='))).toBe(true);
    expect(calls.at(-1)).toEqual({
      secret: 'test-secret',
      response: 'human',
      remoteip: '198.51.100.7',
    });
  });

  it('r3: too low a score gives the exact ReCaptchaScoreTooLow body, and no login happens', async () => {
    const user = await kit.createUser();
    const res = await kit.call(loginPath('r3'), {
      body: { username: user.email, password: user.password, recasign: 'bot' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_code: 500, code: 20104, message: 'ReCaptchaScoreTooLow' });
    expect(res.setCookies).toEqual([]);
  });

  it('r2: success without a score is enough', async () => {
    const user = await kit.createUser();
    const res = await kit.call(loginPath('r2'), {
      body: { username: user.email, password: user.password, recasign: 'bot' },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a rejected token', 'forged'],
    ['an empty token', ''],
  ])('refuses %s', async (_, recasign) => {
    const before = calls.length;
    const res = await kit.call(loginPath('r3'), {
      body: { username: 'a@example.com', password: 'Start-pass1!', recasign },
    });
    expect(res.body.code).toBe(20104);
    // An empty token is refused without asking siteverify.
    expect(calls.length - before).toBe(recasign ? 1 : 0);
  });

  it('refuses a body without recasign', async () => {
    const res = await kit.call(loginPath('r3'), {
      body: { username: 'a@example.com', password: 'Start-pass1!' },
    });
    expect(res.body.code).toBe(20104);
  });

  it('reads recasign from the query for GET and passes the session along', async () => {
    const user = await kit.createUser();
    const token = await wrappedLogin(user);
    // Also the form that keeps "mms/" after the wrapper prefix.
    const res = await kit.call('/ws/mm/reca/r3/mms/account/v1/web/profile?recasign=human', {
      token,
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { email: string }).email).toBe(user.email);
    expect(calls.at(-1)?.response).toBe('human');
  });

  it('passes the wrapped endpoint’s errors through unchanged', async () => {
    const res = await kit.call(loginPath('r3'), {
      body: { username: 'nobody@example.com', password: 'Wrong-pass1!', recasign: 'human' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 40101, message: 'Incorrect username or password.' });
  });

  it('cannot reach anything outside /api/mms/', async () => {
    const res = await kit.call('/ws/mm/reca/r3/mms/..%2f..%2fhealthz?recasign=human');
    expect(res.status).toBe(404);
  });

  it('answers 503 when siteverify cannot be reached', async () => {
    vi.stubEnv('RECAPTCHA_VERIFY_URL', 'http://127.0.0.1:9/siteverify');
    vi.resetModules();
    const { accountKit } = await import('../../../../tests/support/account-api');
    const offline = accountKit(testDb);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await offline.call(loginPath('r3'), {
      body: { username: 'a@example.com', password: 'Start-pass1!', recasign: 'human' },
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Bot check temporarily unavailable, please try again');
    vi.restoreAllMocks();
  });
});

describe('direct calls of the endpoints the site sends through the wrapper', () => {
  it('finds the wrapped endpoints in the site’s code (today: login)', () => {
    expect(wrappedBySite()).toEqual([directLogin]);
  });

  it('refuses each of them called directly from the site’s app-type, as the wrapper would', async () => {
    for (const endpoint of wrappedBySite()) {
      const user = await kit.createUser();
      const before = calls.length;
      const res = await kit.call(endpoint, {
        body: { username: user.email, password: user.password },
      });
      expect([endpoint, res.status, res.body]).toEqual([endpoint, 403, refusedBody]);
      expect(res.setCookies).toEqual([]);
      // Refused before any work: no siteverify call, no password check.
      expect(calls.length).toBe(before);
    }
  });

  it('lets the same login through the wrapper with a passing token', async () => {
    const user = await kit.createUser();
    const token = await wrappedLogin(user);
    expect((await kit.call('/api/mms/account/v1/web/profile', { token })).status).toBe(200);
  });

  it('refuses a forged pass mark: the header name is public, its value is a per-process secret', async () => {
    const user = await kit.createUser();
    for (const value of ['1', 'true', 'passed', 'human', 'A'.repeat(43), '']) {
      const res = await kit.call(directLogin, {
        body: { username: user.email, password: user.password },
        headers: { 'X-Bot-Check-Secret': value },
      });
      expect([value, res.status, res.body]).toEqual([value, 403, refusedBody]);
    }
    // Sent to the wrapper, a forged mark changes nothing either: the token decides.
    const wrapped = await kit.call(loginPath('r3'), {
      body: { username: user.email, password: user.password, recasign: 'bot' },
      headers: { 'X-Bot-Check-Secret': 'passed' },
    });
    expect([wrapped.status, wrapped.body]).toEqual([403, refusedBody]);
  });

  it('cannot be reached around the guard by another spelling of the path', async () => {
    const user = await kit.createUser();
    for (const variant of [
      '/api/mms/account/v1/web/%6Cogin',
      '/api/mms/account/v1/web/login/',
      '/api/mms/account/v1//web/login',
      '/api/mms/account/v1/web/./login',
      '/api/mms/account/v1/web/LOGIN',
    ]) {
      const res = await kit.call(variant, {
        body: { username: user.email, password: user.password },
      });
      expect(res.status, `${variant}: ${JSON.stringify(res.body)}`).not.toBe(200);
      expect(res.setCookies).toEqual([]);
    }
  });

  it.each([
    ['Android', '101'],
    ['iOS', '1'],
    ['Mac', '12'],
    ['Chrome extension', '301'],
    ['Windows', '401'],
  ])('lets the %s app (app-type %s) sign in directly, under the login limits', async (_, type) => {
    const user = await kit.createUser();
    const before = calls.length;
    const res = await kit.call(directLogin, {
      body: { username: user.email, password: user.password },
      headers: { 'app-type': type },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(calls.length).toBe(before);
  });

  it('holds an app that signs in directly to the failed-login limit', async () => {
    const user = await kit.createUser();
    const ip = '198.51.100.77';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await kit.call(directLogin, {
        body: { username: user.email, password: 'Wrong-pass1!' },
        headers: { 'app-type': '101' },
        ip,
      });
      expect(res.status).toBe(401);
    }
    const limited = await kit.call(directLogin, {
      body: { username: user.email, password: user.password },
      headers: { 'app-type': '101' },
      ip,
    });
    expect(limited.status).toBe(429);
  });

  it.each([['0x65'], ['101, 502'], ['1e2'], ['999'], ['101.0']])(
    'does not take %j for an app',
    async (type) => {
      const res = await kit.call(directLogin, {
        body: { username: 'a@example.com', password: 'Start-pass1!' },
        headers: { 'app-type': type },
      });
      // The CSRF guard refuses what is neither the site nor an app.
      expect([res.status, res.body.code]).toEqual([403, 403]);
    },
  );
});

describe('without a secret the bot check is off', () => {
  it('passes every call through', async () => {
    vi.stubEnv('RECAPTCHA_SECRET_KEY', '');
    vi.resetModules();
    const { accountKit } = await import('../../../../tests/support/account-api');
    const open = accountKit(testDb);
    const user = await open.createUser();
    const before = calls.length;
    const res = await open.call(loginPath('r3'), {
      body: { username: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(calls.length).toBe(before);
  });

  it('lets a direct login from the site through', async () => {
    vi.stubEnv('RECAPTCHA_SECRET_KEY', '');
    vi.resetModules();
    const { accountKit } = await import('../../../../tests/support/account-api');
    const open = accountKit(testDb);
    const user = await open.createUser();
    const res = await open.call(directLogin, {
      body: { username: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
  });

  it('is off with RECAPTCHA_DISABLED=1 even when a secret is set', async () => {
    vi.stubEnv('RECAPTCHA_SECRET_KEY', 'test-secret');
    vi.stubEnv('RECAPTCHA_DISABLED', '1');
    vi.resetModules();
    const { accountKit } = await import('../../../../tests/support/account-api');
    const off = accountKit(testDb);
    const user = await off.createUser();
    const before = calls.length;
    const direct = await off.call(directLogin, {
      body: { username: user.email, password: user.password },
    });
    expect(direct.status).toBe(200);
    const wrapped = await off.call(loginPath('r3'), {
      body: { username: user.email, password: user.password },
    });
    expect(wrapped.status).toBe(200);
    expect(calls.length).toBe(before);
  });
});
