import { describe, expect, it } from 'vitest';
import { clean, createLogger, isSecretKey, maskText, redacted } from './log';

function memoryLogger() {
  const lines: string[] = [];
  const log = createLogger({ write: (line: string) => void lines.push(line) }, 'debug');
  return { log, text: () => lines.join(''), lines };
}

describe('maskText', () => {
  it('keeps the first character and the domain of an address', () => {
    expect(maskText('mail to ann.lee+vpn@example.com failed')).toBe(
      'mail to a***@example.com failed',
    );
    expect(maskText('?email=bob%40example.org&x=1')).toContain('b***%40example.org');
    expect(maskText(maskText('ann@example.com'))).toBe('a***@example.com');
  });

  it('replaces URL passwords but keeps a URL user name', () => {
    expect(maskText('postgres://app:s3cret@db.example.com:5432/site')).toBe(
      'postgres://app:***@db.example.com:5432/site',
    );
    expect(maskText('postgres://app@db.example.com/site')).toBe(
      'postgres://app@db.example.com/site',
    );
  });

  it('replaces secrets written as name=value or Bearer value', () => {
    expect(maskText('connect failed password=hunter2 host=db')).toBe(
      `connect failed password=${redacted} host=db`,
    );
    expect(maskText('{"code": "123456"}')).not.toContain('123456');
    expect(maskText('Authorization: Bearer abc.def-ghi')).not.toContain('abc.def-ghi');
    expect(maskText('sent Bearer abcdefghijklmnop')).toBe(`sent Bearer ${redacted}`);
  });
});

describe('isSecretKey', () => {
  it.each([
    'password',
    'new_password',
    'currentPassword',
    'token',
    'access_token',
    'checkoutToken',
    'secret',
    'PAYPAL_CLIENT_SECRET',
    'authorization',
    'Cookie',
    'set-cookie',
    'code',
    'reset_code',
    'giftCode',
    'recasign',
    'apiKey',
  ])('%s is a secret', (key) => expect(isSecretKey(key)).toBe(true));

  it.each(['status', 'error_code', 'statusCode', 'country_code', 'route', 'request_id'])(
    '%s is not',
    (key) => expect(isSecretKey(key)).toBe(false),
  );
});

describe('clean', () => {
  it('redacts secrets and masks addresses at any depth', () => {
    const out = clean({
      user: { email: 'ann@example.com', profile: { password: 'Pass-word1!' } },
      list: [{ token: 'tok' }, { username: 'plain-name' }],
      headers: new Headers({ authorization: 'Bearer x', 'x-request-id': 'r1' }),
      note: 'for ann@example.com',
    });
    expect(out).toEqual({
      user: redacted,
      list: [{ token: redacted }, { username: redacted }],
      headers: { authorization: redacted, 'x-request-id': 'r1' },
      note: 'for a***@example.com',
    });
    expect(clean({ to: ['ann@example.com'], email: 'bob@example.org' })).toEqual({
      to: ['a***@example.com'],
      email: 'b***@example.org',
    });
  });

  it('turns errors into type, message, stack and error_code, masked, causes included', () => {
    const cause = Object.assign(new Error('550 <ann@example.com> rejected'), { code: 'EENVELOPE' });
    const error = new Error('mail failed password=hunter2', { cause });
    const out = clean({ err: error }) as { err: Record<string, unknown> };
    expect(out.err).toMatchObject({
      type: 'Error',
      message: `mail failed password=${redacted}`,
      cause: { type: 'Error', message: '550 <a***@example.com> rejected', error_code: 'EENVELOPE' },
    });
    expect(JSON.stringify(out)).not.toMatch(/hunter2|ann@example\.com/);
  });

  it('survives cycles and deep nesting', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(clean(loop)).toEqual({ name: 'loop', self: '[Circular]' });
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 20; i += 1) {
      deep.next = {};
      deep = deep.next as Record<string, unknown>;
    }
    expect(JSON.stringify(clean(root))).toContain('[Nested]');
  });
});

describe('createLogger', () => {
  it('writes one JSON line with level, time, bindings and message', () => {
    const { log, lines } = memoryLogger();
    log.child({ request_id: 'req-1' }).info({ route: '/x' }, 'hello');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'info',
      time: expect.any(String),
      request_id: 'req-1',
      route: '/x',
      msg: 'hello',
    });
  });

  it('leaks nothing through keys, messages, interpolation, bindings or errors', () => {
    const { log, text } = memoryLogger();
    log.info({ password: 'Pass-word1!', body: { code: '123456' } }, 'login for ann@example.com');
    log.warn('user %s sent token=%s', 'bob@example.org', 'tok-abcdef');
    log.child({ email: 'carol@example.net' }).error(new Error('dave@example.com password=x9'));
    log.error({ err: new Error('reset for eve@example.com') }, 'failed');
    const all = text();
    for (const secret of [
      'Pass-word1!',
      '123456',
      'ann@example.com',
      'bob@example.org',
      'tok-abcdef',
      'carol@example.net',
      'dave@example.com',
      'password=x9',
      'eve@example.com',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('a***@example.com');
    expect(all).toContain('c***@example.net');
  });

  it('respects the level', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line: string) => void lines.push(line) }, 'warn');
    log.info('quiet');
    log.warn('loud');
    expect(lines).toHaveLength(1);
  });
});
