import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiRequestError } from '@/client/http';
import { pollOrder, problemOf } from '.';

const failure = (status: number, code: number, message = 'x') =>
  new ApiRequestError(status, { code, message });

describe('problemOf', () => {
  it.each([
    [failure(409, 40902), 'alreadyPurchased'],
    [failure(409, 40903), 'hasAccount'],
    [failure(409, 40904), 'notApproved'],
    [failure(402, 40201), 'paymentFailed'],
    [failure(503, 50301), 'networkError'],
    [failure(451, 451), 'blockedRegion'],
    [failure(404, 40402), 'planNotFound'],
    [failure(404, 40403), 'orderNotFound'],
    [failure(200, 50008), 'signInExpired'],
    [failure(401, 401), 'signInExpired'],
    [failure(0, 0, 'Network error'), 'networkError'],
    [failure(400, 400, 'Please Enter Email'), 'emailRequired'],
    [failure(400, 400, 'email: ! Invalid Email provide'), 'emailInvalid'],
    [failure(500, 500, 'Error'), 'generic'],
    [new Error('boom'), 'generic'],
    ['nope', 'generic'],
  ])('%o → %s', (error, problem) => {
    expect(problemOf(error)).toBe(problem);
  });
});

function clientAnswering(answers: (string | Error)[]): ApiClient & { calls: number } {
  const client = {
    calls: 0,
    async request<T>(): Promise<T> {
      const answer = answers[Math.min(client.calls, answers.length - 1)];
      client.calls += 1;
      if (answer instanceof Error) throw answer;
      return { status: answer } as T;
    },
    onApiError: () => () => {},
    setBearerToken: () => {},
  };
  return client;
}

describe('pollOrder', () => {
  it('asks until the order is paid, past failed requests', async () => {
    const client = clientAnswering(['created', new Error('lost'), 'created', 'paid']);
    await expect(pollOrder('o', { intervalMs: 1, timeoutMs: 5000, client })).resolves.toBe('paid');
    expect(client.calls).toBe(4);
  });

  it('stops at an ended order', async () => {
    const client = clientAnswering(['created', 'failed']);
    await expect(pollOrder('o', { intervalMs: 1, client })).resolves.toBe('failed');
  });

  it('gives up after the time limit', async () => {
    const client = clientAnswering(['created']);
    await expect(pollOrder('o', { intervalMs: 5, timeoutMs: 30, client })).resolves.toBe('timeout');
  });

  it('stops at once when aborted', async () => {
    const client = clientAnswering(['created']);
    const controller = new AbortController();
    const polling = pollOrder('o', { intervalMs: 10_000, client, signal: controller.signal });
    controller.abort();
    await expect(polling).resolves.toBe('aborted');
    expect(client.calls).toBe(0);
  });
});
