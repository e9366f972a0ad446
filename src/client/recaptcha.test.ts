import { describe, expect, it, vi } from 'vitest';
import { createRecaptcha, type RecaptchaEnvironment, type RecaptchaWarning } from './recaptcha';

function fakeEnvironment() {
  const appended: { id: string; src: string; defer: boolean }[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const env: RecaptchaEnvironment = {
    window: {},
    document: {
      createElement: () => ({ id: '', src: '', defer: false }) as unknown as HTMLElement,
      head: {
        appendChild: (node: Node) => {
          appended.push(node as unknown as { id: string; src: string; defer: boolean });
          return node;
        },
      } as unknown as HTMLHeadElement,
      querySelector: ((selector: string) =>
        appended.find((node) => `#${node.id}` === selector) ?? null) as Document['querySelector'],
    },
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
  };
  /** Runs pending timers until none is left (or `max` rounds). */
  const flush = (max = 1000) => {
    for (let round = 0; round < max && timers.length > 0; round += 1) timers.shift()?.callback();
  };
  return { env, appended, timers, flush };
}

describe('reCAPTCHA v3 loader', () => {
  it('loads nothing and gives an empty token without a site key', async () => {
    const fake = fakeEnvironment();
    const recaptcha = createRecaptcha({
      siteKey: undefined,
      onWarning: vi.fn(),
      environment: fake.env,
    });
    expect(await recaptcha.token()).toBe('');
    expect(fake.appended).toEqual([]);
  });

  it('adds one deferred script with the site key and returns the token for the action', async () => {
    const fake = fakeEnvironment();
    const execute = vi.fn(async () => 'token-123');
    const recaptcha = createRecaptcha({
      siteKey: 'site key',
      onWarning: vi.fn(),
      environment: fake.env,
    });
    const pending = recaptcha.token('login');
    expect(fake.appended).toHaveLength(1);
    expect(fake.appended[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=site%20key');
    expect(fake.appended[0]?.defer).toBe(true);
    // The library arrives a few polls later.
    fake.timers.shift()?.callback();
    fake.env.window.grecaptcha = { ready: (cb) => cb(), execute };
    fake.flush();
    expect(await pending).toBe('token-123');
    expect(execute).toHaveBeenCalledWith('site key', { action: 'login' });
    await recaptcha.token();
    expect(execute).toHaveBeenLastCalledWith('site key', { action: 'submit' });
    expect(fake.appended).toHaveLength(1);
  });

  it('polls every 200 ms and gives up after more than 300 attempts with the load warning', async () => {
    const fake = fakeEnvironment();
    const warnings: RecaptchaWarning[] = [];
    const recaptcha = createRecaptcha({
      siteKey: 'k',
      onWarning: (w) => warnings.push(w),
      environment: fake.env,
    });
    const pending = recaptcha.token();
    let polls = 1;
    while (fake.timers.length > 0) {
      expect(fake.timers[0]?.ms).toBe(200);
      fake.timers.shift()?.callback();
      polls += 1;
    }
    expect(polls).toBe(301);
    expect(await pending).toBe('');
    expect(warnings).toEqual([{ kind: 'load-failed' }]);
  });

  it('warns with the error message and gives an empty token when execute fails', async () => {
    const fake = fakeEnvironment();
    const warnings: RecaptchaWarning[] = [];
    fake.env.window.grecaptcha = {
      ready: (cb) => cb(),
      execute: async () => {
        throw new Error('Invalid site key');
      },
    };
    const recaptcha = createRecaptcha({
      siteKey: 'k',
      onWarning: (w) => warnings.push(w),
      environment: fake.env,
    });
    expect(await recaptcha.token()).toBe('');
    expect(warnings).toEqual([{ kind: 'execute-failed', message: 'Invalid site key' }]);
  });
});
