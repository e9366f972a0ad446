// The checkout tab and the provider's return page talk over this channel: PayPal opens in a
// new tab and comes back there, so the return page tells the tab that is still waiting what
// happened ("paid", "cancelled", or "returned" when it cannot complete the payment itself),
// and that tab answers "ack". BroadcastChannel where the browser has it, otherwise `storage`
// events on a local-storage key (they reach every other tab of the site).
import { local, removeItem, type StorageLike, writeItem } from './storage';

export type CheckoutMessage =
  // claimEmail: paid for an account without a password that this browser cannot sign in to;
  // the waiting tab offers a code to that email ('' otherwise).
  | { type: 'paid'; order: string; setPassword: boolean; claimEmail?: string }
  | { type: 'cancelled'; order: string }
  | { type: 'returned'; order: string }
  | { type: 'ack'; order: string };

export const channelName = 'turbovpn-checkout';
export const fallbackKey = '__turbovpn_checkout_message';

type Listener = (message: CheckoutMessage) => void;

export interface CheckoutChannel {
  post(message: CheckoutMessage): void;
  subscribe(listener: Listener): () => void;
  close(): void;
}

type BroadcastLike = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

export interface ChannelOptions {
  /** For tests: the BroadcastChannel to use (null: use storage events). */
  broadcast?: BroadcastLike | null;
  storage?: StorageLike;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** True for a well-formed message; anything else on the channel is ignored. */
export function isCheckoutMessage(value: unknown): value is CheckoutMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, order } = value as Record<string, unknown>;
  if (typeof order !== 'string' || order.length === 0 || order.length > 64) return false;
  if (type === 'paid') {
    const { setPassword, claimEmail } = value as { setPassword?: unknown; claimEmail?: unknown };
    return (
      typeof setPassword === 'boolean' &&
      (claimEmail === undefined || (typeof claimEmail === 'string' && claimEmail.length <= 254))
    );
  }
  return type === 'cancelled' || type === 'returned' || type === 'ack';
}

function defaultBroadcast(): BroadcastLike | null {
  try {
    return typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
  } catch {
    return null;
  }
}

export function openCheckoutChannel(options: ChannelOptions = {}): CheckoutChannel {
  const listeners = new Set<Listener>();
  const deliver = (data: unknown) => {
    if (!isCheckoutMessage(data)) return;
    for (const listener of listeners) listener(data);
  };
  const broadcast = options.broadcast === undefined ? defaultBroadcast() : options.broadcast;
  if (broadcast) {
    broadcast.onmessage = (event) => deliver(event.data);
    return {
      post: (message) => broadcast.postMessage(message),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => broadcast.close(),
    };
  }

  const storage = options.storage ?? local();
  const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== fallbackKey || !event.newValue) return;
    try {
      deliver((JSON.parse(event.newValue) as { message?: unknown }).message);
    } catch {
      // Not ours, or cut short: ignored.
    }
  };
  target?.addEventListener('storage', onStorage as EventListener);
  return {
    post(message) {
      // A nonce makes each write a change, so the same message twice fires twice.
      writeItem(storage, fallbackKey, JSON.stringify({ message, nonce: Math.random() }));
      removeItem(storage, fallbackKey);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => target?.removeEventListener('storage', onStorage as EventListener),
  };
}

/**
 * Posts `message` and waits up to `timeoutMs` for another tab to acknowledge its order:
 * true when a checkout tab took it over, false when no tab is waiting for this order.
 */
export function announce(
  channel: CheckoutChannel,
  message: Exclude<CheckoutMessage, { type: 'ack' }>,
  timeoutMs = 1500,
): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(false);
    }, timeoutMs);
    const stop = channel.subscribe((reply) => {
      if (reply.type !== 'ack' || reply.order !== message.order) return;
      clearTimeout(timer);
      stop();
      resolve(true);
    });
    channel.post(message);
  });
}
