import { afterEach, describe, expect, it } from 'vitest';
import {
  announce,
  type CheckoutChannel,
  type CheckoutMessage,
  channelName,
  fallbackKey,
  isCheckoutMessage,
  openCheckoutChannel,
} from './checkout-channel';

const order = '0b7c3e52-8a57-4f0e-9d0e-1f2a3b4c5d6e';
const opened: CheckoutChannel[] = [];
const open = (...args: Parameters<typeof openCheckoutChannel>) => {
  const channel = openCheckoutChannel(...args);
  opened.push(channel);
  return channel;
};

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('isCheckoutMessage', () => {
  it('accepts the four message shapes', () => {
    expect(isCheckoutMessage({ type: 'paid', order, setPassword: true })).toBe(true);
    expect(isCheckoutMessage({ type: 'cancelled', order })).toBe(true);
    expect(isCheckoutMessage({ type: 'returned', order })).toBe(true);
    expect(isCheckoutMessage({ type: 'ack', order })).toBe(true);
  });

  it.each([
    null,
    'paid',
    {},
    { type: 'paid', order },
    { type: 'paid', order, setPassword: 'yes' },
    { type: 'refund', order },
    { type: 'ack', order: '' },
    { type: 'ack', order: 'x'.repeat(65) },
    { type: 'ack', order: 42 },
  ])('refuses %j', (value) => {
    expect(isCheckoutMessage(value)).toBe(false);
  });
});

describe('over BroadcastChannel', () => {
  it('delivers a message to the other tab, which acknowledges it', async () => {
    const returnPage = open({ broadcast: new BroadcastChannel(channelName) });
    const checkout = open({ broadcast: new BroadcastChannel(channelName) });
    const seen: CheckoutMessage[] = [];
    checkout.subscribe((message) => {
      seen.push(message);
      if (message.type !== 'ack') checkout.post({ type: 'ack', order: message.order });
    });
    await expect(announce(returnPage, { type: 'paid', order, setPassword: false })).resolves.toBe(
      true,
    );
    expect(seen).toEqual([{ type: 'paid', order, setPassword: false }]);
  });

  it('answers false when no tab acknowledges this order in time', async () => {
    const returnPage = open({ broadcast: new BroadcastChannel(channelName) });
    const other = open({ broadcast: new BroadcastChannel(channelName) });
    other.subscribe((message) => {
      if (message.type !== 'ack') other.post({ type: 'ack', order: 'another-order' });
    });
    await expect(announce(returnPage, { type: 'cancelled', order }, 100)).resolves.toBe(false);
  });

  it('ignores malformed data', async () => {
    const sender = new BroadcastChannel(channelName);
    const receiver = open({ broadcast: new BroadcastChannel(channelName) });
    const seen: CheckoutMessage[] = [];
    receiver.subscribe((message) => seen.push(message));
    sender.postMessage({ type: 'paid', order });
    sender.postMessage({ type: 'ack', order });
    await new Promise((resolve) => setTimeout(resolve, 50));
    sender.close();
    expect(seen).toEqual([{ type: 'ack', order }]);
  });
});

describe('over storage events (no BroadcastChannel)', () => {
  it('writes the message for other tabs and delivers their storage events', () => {
    const writes: string[] = [];
    const storage = {
      getItem: () => null,
      setItem: (_key: string, value: string) => void writes.push(value),
      removeItem: () => {},
    };
    const target = new EventTarget();
    const channel = open({ broadcast: null, storage, target: target as unknown as Window });
    const seen: CheckoutMessage[] = [];
    channel.subscribe((message) => seen.push(message));

    channel.post({ type: 'returned', order });
    expect(JSON.parse(writes[0] ?? '{}').message).toEqual({ type: 'returned', order });

    const event = (key: string, newValue: string | null) =>
      Object.assign(new Event('storage'), { key, newValue });
    target.dispatchEvent(event(fallbackKey, JSON.stringify({ message: { type: 'ack', order } })));
    target.dispatchEvent(event('other-key', JSON.stringify({ message: { type: 'ack', order } })));
    target.dispatchEvent(event(fallbackKey, null));
    target.dispatchEvent(event(fallbackKey, '{not json'));
    expect(seen).toEqual([{ type: 'ack', order }]);
  });
});
