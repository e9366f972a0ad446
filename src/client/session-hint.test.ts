import { afterEach, describe, expect, it } from 'vitest';
import { hasSessionHint, sessionUserId } from './session-hint';

const withCookie = (cookie: string) => {
  (globalThis as { document?: { cookie: string } }).document = { cookie };
};

describe('the session hint', () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('gives the signed-in user id', () => {
    withCookie('a=1; signed_in=2c1f0c3e-8d7a-4b6e-9a2f-0d3e4c5b6a79; b=2');
    expect(sessionUserId()).toBe('2c1f0c3e-8d7a-4b6e-9a2f-0d3e4c5b6a79');
    expect(hasSessionHint()).toBe(true);
  });

  it('is null without a session, and for anything that is not an id', () => {
    withCookie('a=1');
    expect(sessionUserId()).toBeNull();
    expect(hasSessionHint()).toBe(false);
    withCookie('signed_in=<script>');
    expect(sessionUserId()).toBeNull();
  });

  it('still tells an older "1" hint is a session, without a user id', () => {
    withCookie('signed_in=1');
    expect(sessionUserId()).toBeNull();
    expect(hasSessionHint()).toBe(true);
  });

  it('is null on the server', () => {
    expect(sessionUserId()).toBeNull();
  });
});
