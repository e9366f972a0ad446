import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutChannel } from './checkout-channel';
import { type CheckoutSetup, checkoutFlows } from './checkout-flows';
import {
  type CheckoutEvent,
  type CheckoutState,
  checkoutReducer,
  initialCheckoutState,
} from './checkout-state';
import { ApiRequestError } from './http';
import type { CapturedOrder, OrderState, PaymentApi, PollOutcome, StartedOrder } from './payments';

const pending = { orderId: 'o-1', approveUrl: 'https://paypal.example/approve/o-1' };
const order: OrderState = {
  order_id: 'o-1',
  status: 'created',
  kind: 'plan',
  plan_id: 'p12m',
  product_id: 'vpn.12m',
  amount: '59.99',
  currency: 'USD',
  platform: 'web',
  paid_at: null,
  email: 'buyer@example.com',
  premium_until: null,
  gift_code: null,
};
const captured = (state: CapturedOrder['state'], extra: Partial<CapturedOrder> = {}) =>
  ({ ...order, state, set_password: false, verify_email: false, ...extra }) as CapturedOrder;
const refusal = (code: number) => new ApiRequestError(409, { code, message: `refused ${code}` });

const tab: CheckoutSetup['follow'] = {
  kind: 'tab',
  confirming: 'Confirming',
  timedOut: 'Not confirmed yet',
  failed: 'Payment failed',
};
const poll: CheckoutSetup['follow'] = {
  kind: 'poll',
  everyMs: 3000,
  resumeKey: 'kept-order',
  processing: 'Processing',
  failed: 'Failed',
};

function fakeApi(overrides: Partial<PaymentApi> = {}): PaymentApi {
  const refuse = () => Promise.reject(new Error('not expected'));
  return {
    startCheckout: refuse,
    order: refuse,
    capture: refuse,
    cancel: refuse,
    pollOrder: () => Promise.resolve<PollOutcome>('timeout'),
    subscription: refuse,
    setAutoRenew: refuse,
    changePlan: refuse,
    refund: refuse,
    redeemGift: refuse,
    ...overrides,
  };
}

/** The flows on a state kept the way the hook keeps it, with every event they report. */
function harness(
  setup: Partial<CheckoutSetup> & Pick<CheckoutSetup, 'follow'>,
  api: PaymentApi,
  from: CheckoutEvent[] = [],
) {
  const events: CheckoutEvent[] = [];
  const initial = initialCheckoutState({ separate: setup.separateProblems });
  const now: { current: CheckoutState } = { current: from.reduce(checkoutReducer, initial) };
  const onPaid = vi.fn();
  const popup: { current: Window | null } = { current: null };
  const options = {
    current: {
      open: 'new-tab',
      cancelledText: 'Cancelled',
      describe: (error: unknown) => ({ tone: 'error', text: String(error) }),
      onPaid,
      ...setup,
    } satisfies CheckoutSetup,
  };
  const flows = checkoutFlows({
    api,
    dispatch: (event) => {
      events.push(event);
      now.current = checkoutReducer(now.current, event);
    },
    now,
    options,
    popup,
    capturing: { current: false },
    polling: { current: null },
  });
  return { flows, events, now, onPaid, popup };
}

const waiting: CheckoutEvent[] = [{ type: 'opened', pending }];

// The kept order lives in this tab's session storage (a fresh one for each test).
beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('capturing', () => {
  it('finishes a paid order once, with what the page goes on with', async () => {
    const api = fakeApi({
      capture: () => Promise.resolve(captured('paid', { set_password: true, verify_email: true })),
    });
    const { flows, now, onPaid } = harness({ follow: tab }, api, waiting);
    await flows.capture(pending, false);
    expect(now.current.step).toEqual({
      kind: 'paid',
      paid: {
        orderId: 'o-1',
        setPassword: true,
        claimEmail: 'buyer@example.com',
        giftCode: null,
        email: 'buyer@example.com',
      },
    });
    await flows.capture(pending, false);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('goes back to the form when the buyer cancelled at PayPal', async () => {
    const api = fakeApi({ capture: () => Promise.resolve(captured('cancelled')) });
    const { flows, now, popup } = harness({ follow: tab }, api, waiting);
    popup.current = { closed: false } as Window;
    await flows.capture(pending, false);
    expect(now.current).toMatchObject({
      step: { kind: 'idle' },
      notice: { tone: 'info', text: 'Cancelled' },
    });
    expect(popup.current).toBeNull();
  });

  it('says nothing when a look on the buyer’s return finds the payment not approved', async () => {
    const api = fakeApi({ capture: () => Promise.reject(refusal(40904)) });
    const { flows, events } = harness({ follow: tab }, api, waiting);
    await flows.capture(pending, true);
    expect(events).toEqual([]);
  });

  it('stays waiting with the page’s text for a refused capture', async () => {
    const api = fakeApi({ capture: () => Promise.reject(refusal(40904)) });
    const { flows, now } = harness({ follow: tab }, api, waiting);
    await flows.capture(pending, false);
    expect(now.current.step).toEqual({ kind: 'waiting', pending });
    expect(now.current.notice?.text).toContain('refused 40904');
  });

  it('goes back to the form for a failed payment, forgetting the kept order', async () => {
    sessionStorage.setItem('kept-order', JSON.stringify(pending));
    const api = fakeApi({ capture: () => Promise.reject(refusal(40201)) });
    const { flows, now } = harness({ follow: poll, separateProblems: true }, api, waiting);
    await flows.capture(pending, false);
    expect(now.current.step).toEqual({ kind: 'idle' });
    expect(now.current.problem?.text).toContain('refused 40201');
    expect(sessionStorage.getItem('kept-order')).toBeNull();
  });

  it('captures one at a time', async () => {
    let answer: (value: CapturedOrder) => void = () => {};
    const capture = vi.fn(() => new Promise<CapturedOrder>((resolve) => (answer = resolve)));
    const { flows } = harness({ follow: tab }, fakeApi({ capture }), waiting);
    const first = flows.capture(pending, false);
    await flows.capture(pending, true);
    answer(captured('cancelled'));
    await first;
    expect(capture).toHaveBeenCalledTimes(1);
  });
});

describe('a payment the provider still holds', () => {
  it('is followed in the checkout tab, which waits again after the time limit', async () => {
    const api = fakeApi({ capture: () => Promise.resolve(captured('pending')) });
    const { flows, events, now } = harness({ follow: tab }, api, waiting);
    await flows.capture(pending, false);
    expect(events.map((event) => event.type)).toEqual(['capturing', 'confirming', 'notPaid']);
    expect(now.current.notice).toEqual({ tone: 'info', text: 'Not confirmed yet' });
  });

  it('is finished once the order shows paid, with a second capture’s answer', async () => {
    const capture = vi
      .fn()
      .mockResolvedValueOnce(captured('pending'))
      .mockResolvedValueOnce(captured('paid', { set_password: true }));
    const api = fakeApi({ capture, pollOrder: () => Promise.resolve('paid') });
    const { flows, now, onPaid } = harness({ follow: tab }, api, waiting);
    await flows.capture(pending, false);
    expect(now.current.step).toMatchObject({ kind: 'paid', paid: { setPassword: true } });
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('ends the purchase when the order failed meanwhile', async () => {
    const api = fakeApi({
      capture: () => Promise.resolve(captured('pending')),
      pollOrder: () => Promise.resolve('failed'),
    });
    const { flows, now } = harness({ follow: tab }, api, waiting);
    await flows.capture(pending, false);
    expect(now.current).toMatchObject({
      step: { kind: 'idle' },
      notice: { tone: 'error', text: 'Payment failed' },
    });
  });

  it('is left to the poll on the gift card page, saying it is processed', async () => {
    // Paid without its code yet counts as not done there.
    const api = fakeApi({ capture: () => Promise.resolve(captured('paid')) });
    const done = (paid: { giftCode: string | null }) => Boolean(paid.giftCode);
    const { flows, now } = harness({ follow: poll, done, separateProblems: true }, api, waiting);
    await flows.capture(pending, false);
    expect(now.current).toMatchObject({
      step: { kind: 'waiting', pending },
      notice: { tone: 'info', text: 'Processing' },
    });
  });
});

describe('the gift card page’s poll', () => {
  const done = (paid: { giftCode: string | null }) => Boolean(paid.giftCode);
  const paidOrder = {
    orderId: 'o-1',
    setPassword: false,
    claimEmail: '',
    giftCode: 'CODE',
    email: 'a@example.com',
  };

  it('finishes once the code is there', () => {
    const { flows, now } = harness({ follow: poll, done }, fakeApi(), waiting);
    flows.polled('paid', { ...paidOrder, giftCode: null });
    expect(now.current.step.kind).toBe('waiting');
    flows.polled('paid', paidOrder);
    expect(now.current.step).toEqual({ kind: 'paid', paid: paidOrder });
  });

  it('goes back to the form for a cancelled or failed order', () => {
    const cancelled = harness({ follow: poll, done, separateProblems: true }, fakeApi(), waiting);
    cancelled.flows.polled('cancelled', paidOrder);
    expect(cancelled.now.current).toMatchObject({ notice: { text: 'Cancelled' }, problem: null });
    const failed = harness({ follow: poll, done, separateProblems: true }, fakeApi(), waiting);
    failed.flows.polled('failed', paidOrder);
    expect(failed.now.current).toMatchObject({ notice: null, problem: { text: 'Failed' } });
  });
});

describe('cancelling', () => {
  it('goes back to the form even when the request fails, closing PayPal’s window', async () => {
    const close = vi.fn();
    const api = fakeApi({ cancel: () => Promise.reject(refusal(40403)) });
    const { flows, events, now, popup } = harness({ follow: tab }, api, waiting);
    popup.current = { close } as unknown as Window;
    await flows.cancel();
    expect(events.map((event) => event.type)).toEqual(['cancelling', 'cancelled']);
    expect(now.current.notice).toEqual({ tone: 'info', text: 'Cancelled' });
    expect(close).toHaveBeenCalled();
  });
});

describe('starting', () => {
  const started = {
    ...order,
    approve_url: pending.approveUrl,
    provider: 'sandbox',
  } as StartedOrder;
  const input = { plan_id: 'p12m', kind: 'plan', platform: 'web', language: 'en' } as const;
  let opened: { closed: boolean; opener: unknown; location: { href: string }; close: () => void };
  const open = vi.fn();
  const assign = vi.fn();

  beforeEach(() => {
    opened = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    open.mockReset().mockReturnValue(opened);
    assign.mockReset();
    vi.stubGlobal('window', { open, location: { assign } });
  });

  it('opens PayPal in a new tab once the order is made', async () => {
    const api = fakeApi({ startCheckout: () => Promise.resolve(started) });
    const { flows, now, popup } = harness({ follow: tab }, api);
    await expect(flows.start(input)).resolves.toBeUndefined();
    expect(open).toHaveBeenCalledWith(pending.approveUrl, '_blank');
    expect(popup.current).toBe(opened);
    expect(now.current.step).toEqual({ kind: 'waiting', pending });
  });

  it('goes to PayPal in this tab when the new one is blocked, staying busy', async () => {
    open.mockReturnValue(null);
    const api = fakeApi({ startCheckout: () => Promise.resolve(started) });
    const { flows, now } = harness({ follow: tab }, api);
    await flows.start(input);
    expect(assign).toHaveBeenCalledWith(pending.approveUrl);
    expect(now.current.step).toEqual({ kind: 'starting' });
  });

  it('prepares the tab before the request and keeps the order for a reload', async () => {
    const startCheckout = vi.fn(() => {
      expect(open).toHaveBeenCalledWith('', '_blank');
      return Promise.resolve(started);
    });
    const { flows, now } = harness(
      { follow: poll, open: 'prepared-tab' },
      fakeApi({ startCheckout }),
    );
    await flows.start({ ...input, kind: 'gift' });
    expect(opened).toMatchObject({ opener: null, location: { href: pending.approveUrl } });
    expect(now.current.step).toEqual({ kind: 'waiting', pending });
    expect(JSON.parse(sessionStorage.getItem('kept-order') ?? 'null')).toEqual(pending);
  });

  it('closes the prepared tab and says why when the start fails', async () => {
    const failure = refusal(40903);
    const api = fakeApi({ startCheckout: () => Promise.reject(failure) });
    const { flows, now } = harness(
      { follow: poll, open: 'prepared-tab', separateProblems: true },
      api,
    );
    await expect(flows.start(input)).resolves.toBe(failure);
    expect(opened.close).toHaveBeenCalled();
    expect(now.current).toMatchObject({ step: { kind: 'idle' }, focusKey: 1 });
    expect(now.current.problem?.text).toContain('refused 40903');
  });

  it('goes to PayPal in this window on the app’s native page', async () => {
    const api = fakeApi({ startCheckout: () => Promise.resolve(started) });
    const { flows, now } = harness({ follow: tab, open: 'this-window' }, api);
    await flows.start(input);
    expect(open).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(pending.approveUrl);
    expect(now.current.step).toEqual({ kind: 'starting' });
  });
});

describe('the return page’s messages', () => {
  const channel = () => ({ post: vi.fn(), subscribe: vi.fn(), close: vi.fn() }) as CheckoutChannel;

  it('answers and follows those about the order waited for only', async () => {
    const capture = vi.fn(() => Promise.resolve(captured('cancelled')));
    const { flows, now } = harness({ follow: tab }, fakeApi({ capture }), waiting);
    const heard = channel();
    flows.message({ type: 'paid', order: 'other', setPassword: false }, heard);
    expect(heard.post).not.toHaveBeenCalled();
    flows.message({ type: 'returned', order: 'o-1' }, heard);
    expect(heard.post).toHaveBeenCalledWith({ type: 'ack', order: 'o-1' });
    expect(capture).toHaveBeenCalledWith('o-1');
    await vi.waitFor(() => expect(now.current.step.kind).toBe('idle'));
  });

  it('finishes a payment the return page completed', () => {
    const { flows, now, onPaid } = harness({ follow: tab }, fakeApi(), waiting);
    flows.message(
      { type: 'paid', order: 'o-1', setPassword: true, claimEmail: 'c@x.io' },
      channel(),
    );
    expect(now.current.step).toMatchObject({
      kind: 'paid',
      paid: { orderId: 'o-1', setPassword: true, claimEmail: 'c@x.io' },
    });
    expect(onPaid).toHaveBeenCalledTimes(1);
  });
});
