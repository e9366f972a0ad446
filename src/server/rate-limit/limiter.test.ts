import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../../tests/support/test-db';
import { ApiError } from '../api/errors';
import { createLimiter } from './limiter';

describe('createLimiter', () => {
  const testDb = useTestDb();
  const rule = { name: 'test-login', points: 3, windowSeconds: 900, message: 'Too many attempts.' };

  it('allows the rule’s points, then answers 429 with the wait', async () => {
    const limiter = createLimiter(testDb().handle.db, rule);
    await limiter.consume('a@example.com');
    await limiter.consume('a@example.com');
    await limiter.check('a@example.com');
    await limiter.consume('a@example.com');
    const error = await limiter.check('a@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many attempts.' });
    const retryAfter = ((error as ApiError).data as { retry_after: number }).retry_after;
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    await expect(limiter.consume('a@example.com')).rejects.toMatchObject({ status: 429 });
  });

  it('keeps keys and rules apart, shares counters between limiters of one rule, and resets', async () => {
    const one = createLimiter(testDb().handle.db, rule);
    const other = createLimiter(testDb().handle.db, rule);
    await one.consume('b@example.com', 3);
    await expect(other.check('b@example.com')).rejects.toMatchObject({ status: 429 });
    await other.check('c@example.com');
    await createLimiter(testDb().handle.db, { ...rule, name: 'test-other' }).check('b@example.com');
    await one.reset('b@example.com');
    await other.check('b@example.com');
  });
});
