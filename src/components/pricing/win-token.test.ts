import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiRequestError, createApiClient } from '@/client/http';
import { findUserByEmail } from '@/server/account/queries';
import { startWebSession } from '@/server/session/service';
import { accountKit } from '../../../tests/support/account-api';
import { useTestDb } from '../../../tests/support/test-db';
import {
  handoffCodeFromUrl,
  handoffExchangePath,
  resetWindowsSessionForTests,
  restoreWindowsToken,
  takeWindowsSession,
  windowsTokenKey,
  withoutHandoffCode,
} from './win-token';

const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const token = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_edcba';
const url = (path: string) => new URL(path, 'https://www.example.com');

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A browser window at `href` whose address bar records every replaceState. */
function browserAt(href: string) {
  const window = {
    location: { href },
    history: {
      state: null,
      replaceState: vi.fn((_state: unknown, _title: string, next: string) => {
        window.location.href = new URL(next, window.location.href).href;
      }),
    },
  };
  vi.stubGlobal('window', window);
  return window;
}

/** An API client whose exchange answers `answer`; records what it was asked and when. */
function fakeClient(answer: () => Promise<unknown>) {
  const requests: { path: string; body: unknown; addressThen: string }[] = [];
  const bearer: (string | null)[] = [];
  const client: ApiClient = {
    async request<T>(path: string, options: { body?: unknown } = {}) {
      requests.push({
        path,
        body: options.body,
        addressThen: (globalThis as unknown as { window: { location: { href: string } } }).window
          .location.href,
      });
      return (await answer()) as T;
    },
    onApiError: () => () => undefined,
    setBearerToken: (value) => void bearer.push(value),
  };
  return { client, requests, bearer };
}

describe('handoffCodeFromUrl', () => {
  it('reads ?code= on the pay pages', () => {
    expect(handoffCodeFromUrl(url(`/win-pay?code=${code}`))).toBe(code);
    expect(handoffCodeFromUrl(url(`/ar/win-pay/native?plan=p1m&code=${code}`))).toBe(code);
  });

  it('never reads a token from the address any more', () => {
    expect(handoffCodeFromUrl(url(`/win-pay#token=${token}`))).toBeNull();
    expect(handoffCodeFromUrl(url(`/win-pay?token=${token}`))).toBeNull();
    expect(handoffCodeFromUrl(url(`/win-pay#code=${code}`))).toBeNull();
  });

  it.each(['', 'short', 'has space in it here', '<script>alert(1)</script>', 'x'.repeat(300)])(
    'refuses the malformed code %j',
    (value) => {
      expect(handoffCodeFromUrl(url(`/win-pay?code=${encodeURIComponent(value)}`))).toBeNull();
    },
  );
});

describe('withoutHandoffCode', () => {
  it('removes the code and keeps everything else', () => {
    expect(withoutHandoffCode(url(`/win-pay?plan=p1m&code=${code}`))).toBe('/win-pay?plan=p1m');
    expect(withoutHandoffCode(url(`/ar/win-pay?code=${code}&plan=p1m#top`))).toBe(
      '/ar/win-pay?plan=p1m#top',
    );
    expect(withoutHandoffCode(url(`/win-pay/native?code=${code}`))).toBe('/win-pay/native');
  });
});

describe('takeWindowsSession', () => {
  beforeEach(() => resetWindowsSessionForTests());
  afterEach(() => vi.unstubAllGlobals());

  it('takes the code out of the address bar before it sends anything, then signs in', async () => {
    const window = browserAt(`https://www.example.com/win-pay?plan=p6m&code=${code}`);
    const storage = memory();
    const { client, requests, bearer } = fakeClient(async () => ({ token }));
    const signIn = takeWindowsSession(storage, client);
    expect(window.history.replaceState).toHaveBeenCalledWith(null, '', '/win-pay?plan=p6m');
    expect(await signIn).toEqual({ status: 'ready', token });
    expect(requests).toEqual([
      {
        path: handoffExchangePath,
        body: { code },
        addressThen: 'https://www.example.com/win-pay?plan=p6m',
      },
    ]);
    expect(storage.items.get(windowsTokenKey)).toBe(token);
    expect(bearer.at(-1)).toBe(token);
  });

  it('shows no signed-in state until the exchange succeeded, and none when it fails', async () => {
    browserAt(`https://www.example.com/win-pay/native?code=${code}`);
    // A token kept from an earlier visit must not stand in while the new code is checked.
    const storage = memory({ [windowsTokenKey]: token });
    let refuse: (error: unknown) => void = () => undefined;
    const { client, bearer } = fakeClient(
      () =>
        new Promise((_, reject) => {
          refuse = reject;
        }),
    );
    const signIn = takeWindowsSession(storage, client);
    expect(storage.items.has(windowsTokenKey)).toBe(false);
    expect(bearer).toEqual([null]);
    refuse(new ApiRequestError(400, { code: 40002, message: 'code expired.' }));
    expect(await signIn).toEqual({ status: 'expired' });
    expect(storage.items.has(windowsTokenKey)).toBe(false);
    expect(bearer).toEqual([null]);
  });

  it('answers a second call of the same page load with the same exchange', async () => {
    browserAt(`https://www.example.com/win-pay?code=${code}`);
    const { client, requests } = fakeClient(async () => ({ token }));
    const storage = memory();
    const first = takeWindowsSession(storage, client);
    const second = takeWindowsSession(storage, client);
    expect(await second).toEqual(await first);
    expect(requests).toHaveLength(1);
  });

  it('treats a malformed code as a failed sign-in, without sending it', async () => {
    const window = browserAt('https://www.example.com/win-pay?code=%3Cscript%3E');
    const { client, requests } = fakeClient(async () => ({ token }));
    expect(await takeWindowsSession(memory(), client)).toEqual({ status: 'expired' });
    expect(window.history.replaceState).toHaveBeenCalledWith(null, '', '/win-pay');
    expect(requests).toEqual([]);
  });

  it('ignores a token in the address: not opened by the app', async () => {
    const window = browserAt(`https://www.example.com/win-pay?token=${token}#token=${token}`);
    const { client, requests, bearer } = fakeClient(async () => ({ token }));
    expect(await takeWindowsSession(memory(), client)).toEqual({ status: 'missing' });
    expect(requests).toEqual([]);
    expect(bearer).toEqual([null]);
    expect(window.history.replaceState).not.toHaveBeenCalled();
  });

  it('keeps the tab’s session after the code is gone (a reload)', async () => {
    browserAt('https://www.example.com/win-pay');
    const { client } = fakeClient(async () => ({ token }));
    const storage = memory({ [windowsTokenKey]: token });
    expect(await takeWindowsSession(storage, client)).toEqual({ status: 'ready', token });
  });
});

describe('restoreWindowsToken (the result page)', () => {
  it('reads this tab’s storage only', () => {
    const bearer: (string | null)[] = [];
    const client = { setBearerToken: (value: string | null) => void bearer.push(value) };
    expect(restoreWindowsToken(memory({ [windowsTokenKey]: token }), client)).toBe(token);
    expect(restoreWindowsToken(memory({ [windowsTokenKey]: 'not a token' }), client)).toBeNull();
    expect(restoreWindowsToken(memory(), client)).toBeNull();
    expect(bearer).toEqual([token, null, null]);
  });
});

describe('with the real API', () => {
  const testDb = useTestDb();
  const kit = accountKit(testDb);

  beforeEach(() => resetWindowsSessionForTests());
  afterEach(() => vi.unstubAllGlobals());

  it('exchanges the app’s code for a session of the app’s account, once', async () => {
    const user = await kit.createUser();
    const row = await findUserByEmail(testDb().handle.db, user.email);
    const app = await startWebSession(testDb().handle.db, row?.id ?? '');
    const made = await kit.call('/api/mms/account/v1/web/login/handoff', {
      method: 'POST',
      token: app.token,
      headers: { 'app-type': '401' },
    });
    const { code: realCode } = made.body.data as { code: string };
    const client = createApiClient(async (input, init) =>
      kit.app().fetch(new Request(new URL(String(input), 'http://localhost'), init)),
    );

    browserAt(`https://www.example.com/win-pay?code=${realCode}`);
    const signIn = await takeWindowsSession(memory(), client);
    expect(signIn.status).toBe('ready');
    const profile = await client.request<{ email: string }>('/api/mms/account/v1/web/profile');
    expect(profile.email).toBe(user.email);

    // The same link opened again (another tab, a replay) no longer signs in.
    resetWindowsSessionForTests();
    browserAt(`https://www.example.com/win-pay?code=${realCode}`);
    const other = createApiClient(async (input, init) =>
      kit.app().fetch(new Request(new URL(String(input), 'http://localhost'), init)),
    );
    expect(await takeWindowsSession(memory(), other)).toEqual({ status: 'expired' });
  });
});
