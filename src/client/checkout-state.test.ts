import { describe, expect, it } from 'vitest';
import {
  type CheckoutEvent,
  type CheckoutState,
  checkoutReducer,
  initialCheckoutState,
  type Notice,
  type PaidOrder,
  paidOrder,
} from './checkout-state';
import type { CapturedOrder, OrderState } from './payments';

const pending = { orderId: 'o-1', approveUrl: 'https://paypal.example/approve/o-1' };
const paid: PaidOrder = {
  orderId: 'o-1',
  setPassword: false,
  claimEmail: '',
  giftCode: null,
  email: 'buyer@example.com',
};
const info = (text: string): Notice => ({ tone: 'info', text });
const error = (text: string): Notice => ({ tone: 'error', text });

const run = (state: CheckoutState, ...events: CheckoutEvent[]) =>
  events.reduce(checkoutReducer, state);

/** One message at a time (the plan checkout). */
const single = initialCheckoutState();
/** Notices and problems apart (the gift card page). */
const separate = initialCheckoutState({ separate: true });

describe('the steps of a purchase', () => {
  it('starts idle, with the first notice and no focus move', () => {
    const state = initialCheckoutState({ notice: info('Plan gone') });
    expect(state).toMatchObject({ step: { kind: 'idle' }, notice: info('Plan gone'), focusKey: 0 });
  });

  it('goes idle → starting → waiting, clearing the texts and moving the focus once opened', () => {
    const starting = run(initialCheckoutState({ notice: info('Plan gone') }), { type: 'starting' });
    expect(starting).toMatchObject({ step: { kind: 'starting' }, notice: null, focusKey: 0 });
    const waiting = checkoutReducer(starting, { type: 'opened', pending });
    expect(waiting).toMatchObject({ step: { kind: 'waiting', pending }, notice: null });
    expect(waiting.focusKey).toBe(1);
  });

  it('marks the waiting step busy while capturing or cancelling, without moving the focus', () => {
    const waiting = run(single, { type: 'opened', pending });
    const capturing = checkoutReducer(waiting, { type: 'capturing', pending });
    expect(capturing.step).toEqual({ kind: 'waiting', pending, busy: 'capture' });
    expect(capturing.focusKey).toBe(waiting.focusKey);
    const cancelling = checkoutReducer(waiting, { type: 'cancelling', pending });
    expect(cancelling.step).toEqual({ kind: 'waiting', pending, busy: 'cancel' });
  });

  it('captures or cancels only a waiting order', () => {
    const done = run(single, { type: 'paid', paid, message: null });
    expect(checkoutReducer(done, { type: 'capturing', pending })).toBe(done);
    expect(checkoutReducer(single, { type: 'cancelling', pending })).toBe(single);
  });

  it('confirms a held payment, then waits again with the time-out text', () => {
    const confirming = run(
      single,
      { type: 'opened', pending },
      { type: 'capturing', pending },
      { type: 'confirming', pending, message: info('Confirming') },
    );
    expect(confirming).toMatchObject({ step: { kind: 'confirming', pending } });
    expect(confirming.notice).toEqual(info('Confirming'));
    const timedOut = checkoutReducer(confirming, {
      type: 'notPaid',
      pending,
      message: info('Still not confirmed'),
    });
    expect(timedOut.step).toEqual({ kind: 'waiting', pending });
    expect(timedOut.notice).toEqual(info('Still not confirmed'));
    expect(timedOut.focusKey).toBe(confirming.focusKey + 1);
  });

  it('ends paid with its text, and a second report of the payment changes nothing', () => {
    const done = run(
      single,
      { type: 'opened', pending },
      { type: 'paid', paid, message: { tone: 'success', text: 'Paid' } },
    );
    expect(done.step).toEqual({ kind: 'paid', paid });
    expect(done.notice).toEqual({ tone: 'success', text: 'Paid' });
    const again = checkoutReducer(done, {
      type: 'paid',
      paid: { ...paid, claimEmail: 'x@example.com' },
      message: null,
    });
    expect(again).toBe(done);
  });

  it.each([
    ['cancelled', info('Cancelled')],
    ['failed', error('Payment Failed.')],
  ] as const)('goes back to the form when %s, saying so', (type, message) => {
    const state = run(single, { type: 'opened', pending }, { type, message });
    expect(state.step).toEqual({ kind: 'idle' });
    expect(state.notice).toEqual(message);
    expect(state.focusKey).toBe(2);
  });

  it('goes back to the form without a text when a start failed on a field', () => {
    const state = run(single, { type: 'starting' }, { type: 'startFailed', message: null });
    expect(state).toMatchObject({ step: { kind: 'idle' }, notice: null, focusKey: 0 });
  });

  it('says why a start failed and moves the focus there', () => {
    const message = { tone: 'error', text: 'Log in', login: true } as const;
    const state = run(single, { type: 'starting' }, { type: 'startFailed', message });
    expect(state).toMatchObject({ step: { kind: 'idle' }, notice: message, focusKey: 1 });
  });

  it('keeps the email typed, and picks up a kept order', () => {
    const state = run(
      single,
      { type: 'typed', email: 'a@example.com' },
      { type: 'resumed', pending },
    );
    expect(state).toMatchObject({
      typedEmail: 'a@example.com',
      step: { kind: 'waiting', pending },
    });
    expect(state.focusKey).toBe(0);
  });

  it('leaves for PayPal in this tab, and starts over after a paid purchase, keeping the texts', () => {
    expect(run(single, { type: 'starting' }, { type: 'left' }).step).toEqual({ kind: 'idle' });
    const done = run(single, { type: 'paid', paid, message: info('Paid') });
    expect(run(done, { type: 'restarted' })).toMatchObject({
      step: { kind: 'idle' },
      notice: info('Paid'),
    });
  });
});

describe('texts of a page with one message', () => {
  it('replaces the text with each new one, whatever its tone', () => {
    const state = run(
      single,
      { type: 'opened', pending },
      { type: 'notPaid', pending, message: error('Network') },
    );
    expect(state).toMatchObject({ notice: error('Network'), problem: null });
    const next = checkoutReducer(state, { type: 'notPaid', pending, message: info('Approve') });
    expect(next).toMatchObject({ notice: info('Approve'), problem: null });
  });

  it('keeps the text on show while capturing again', () => {
    const state = run(
      single,
      { type: 'opened', pending },
      { type: 'notPaid', pending, message: error('Network') },
      { type: 'capturing', pending },
    );
    expect(state.notice).toEqual(error('Network'));
  });
});

describe('texts of a page with problems apart', () => {
  it('puts errors in the problem and other texts in the notice, each replacing both', () => {
    const failed = run(
      separate,
      { type: 'opened', pending },
      { type: 'failed', message: error('X') },
    );
    expect(failed).toMatchObject({ notice: null, problem: error('X') });
    const cancelled = checkoutReducer(failed, { type: 'cancelled', message: info('Cancelled') });
    expect(cancelled).toMatchObject({ notice: info('Cancelled'), problem: null });
  });

  it('clears only the problem when capturing again, and keeps the notice beside a new problem', () => {
    const processing = run(
      separate,
      { type: 'opened', pending },
      { type: 'capturing', pending },
      { type: 'notPaid', pending, message: info('Processing') },
    );
    expect(processing).toMatchObject({ notice: info('Processing'), problem: null });
    const refused = run(
      processing,
      { type: 'capturing', pending },
      { type: 'notPaid', pending, message: error('Refused') },
    );
    expect(refused).toMatchObject({ notice: info('Processing'), problem: error('Refused') });
    expect(refused.step).toEqual({ kind: 'waiting', pending });
    const again = checkoutReducer(refused, { type: 'capturing', pending });
    expect(again).toMatchObject({ notice: info('Processing'), problem: null });
  });

  it('clears both when told to, and when the order is gone or paid', () => {
    const shown = run(separate, { type: 'cancelled', message: info('Cancelled') });
    expect(checkoutReducer(shown, { type: 'cleared' })).toMatchObject({
      notice: null,
      problem: null,
    });
    expect(checkoutReducer(shown, { type: 'failed', message: null })).toMatchObject({
      notice: null,
      problem: null,
    });
    expect(checkoutReducer(shown, { type: 'paid', paid, message: null })).toMatchObject({
      notice: null,
      problem: null,
    });
  });
});

describe('paidOrder', () => {
  const order: OrderState = {
    order_id: 'o-1',
    status: 'paid',
    kind: 'gift',
    plan_id: 'p12m',
    product_id: 'vpn.12m',
    amount: '59.99',
    currency: 'USD',
    platform: 'web',
    paid_at: '2025-01-01T00:00:00.000Z',
    email: 'buyer@example.com',
    premium_until: null,
    gift_code: 'GIFT-CODE',
  };

  it('reads a capture answer', () => {
    const answer: CapturedOrder = {
      ...order,
      state: 'paid',
      set_password: true,
      verify_email: true,
    };
    expect(paidOrder('o-1', answer)).toEqual({
      orderId: 'o-1',
      setPassword: true,
      claimEmail: 'buyer@example.com',
      giftCode: 'GIFT-CODE',
      email: 'buyer@example.com',
    });
  });

  it('reads an order, and no answer at all', () => {
    expect(paidOrder('o-1', order)).toMatchObject({ setPassword: false, claimEmail: '' });
    expect(paidOrder('o-2', null)).toEqual({
      orderId: 'o-2',
      setPassword: false,
      claimEmail: '',
      giftCode: null,
      email: '',
    });
  });
});
