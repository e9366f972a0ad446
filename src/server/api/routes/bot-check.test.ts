import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { accountKit as AccountKit } from '@/server/account/testing';
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
  const { accountKit } = await import('@/server/account/testing');
  kit = accountKit(testDb);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => siteverify.close(resolve));
});

const loginPath = (version: string) => `/ws/mm/reca/${version}/account/v1/web/login`;

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
    const token = await kit.login(user.email, user.password);
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
    const { accountKit } = await import('@/server/account/testing');
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

describe('without a secret the bot check is off', () => {
  it('passes every call through', async () => {
    vi.stubEnv('RECAPTCHA_SECRET_KEY', '');
    vi.resetModules();
    const { accountKit } = await import('@/server/account/testing');
    const open = accountKit(testDb);
    const user = await open.createUser();
    const before = calls.length;
    const res = await open.call(loginPath('r3'), {
      body: { username: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(calls.length).toBe(before);
  });
});
