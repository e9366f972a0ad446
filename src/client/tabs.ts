// Tabs of the site open in one browser see each other (spec 4): values written through
// `setSharedSession` reach every open tab's session storage, and each tab sends a heartbeat
// every 30 s; a tab counts as alive while its last heartbeat is under 35 s old (spec 9).
// BroadcastChannel where the browser has it, otherwise `storage` events on a local-storage key.
import { readItem, readJson, removeItem, type StorageLike, session, writeItem } from './storage';

export const heartbeatMs = 30_000;
export const aliveMs = 35_000;

const channelName = 'turbovpn-tabs';
const fallbackKey = '__turbovpn_tab_message';
// Which session keys are shared, so a newly opened tab can ask for all of them.
const sharedKeysKey = '__turbovpn_shared_keys';

type Message =
  | { type: 'heartbeat'; tab: string; at: number; reply?: boolean }
  | { type: 'set'; key: string; value: string | null }
  | { type: 'hello'; tab: string }
  | { type: 'snapshot'; entries: [string, string][] };

export interface TabsOptions {
  storage?: StorageLike;
  now?: () => number;
  /** For tests: a BroadcastChannel-like transport. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'close'> & {
    onmessage: ((event: MessageEvent) => void) | null;
  };
}

export interface Tabs {
  readonly id: string;
  /** Other tabs whose last heartbeat is under 35 s old, with its time. */
  aliveTabs(): { id: string; lastSeen: number }[];
  setShared(key: string, value: string | null): void;
  stop(): void;
}

function randomId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}

export function startTabs(options: TabsOptions = {}): Tabs {
  const storage = options.storage ?? session();
  const now = options.now ?? Date.now;
  const id = randomId();
  const seen = new Map<string, number>();

  const sharedKeys = (): string[] => readJson<string[]>(storage, sharedKeysKey) ?? [];
  const apply = (key: string, value: string | null) => {
    if (value === null) removeItem(storage, key);
    else writeItem(storage, key, value);
    const keys = new Set(sharedKeys());
    keys.add(key);
    writeItem(storage, sharedKeysKey, JSON.stringify([...keys]));
  };

  let post: (message: Message) => void;
  let close: () => void;
  const receive = (message: Message) => {
    switch (message.type) {
      case 'heartbeat':
        if (message.tab === id) return;
        // A tab we did not know yet answers at once, so newcomers need not wait 30 s.
        if (!seen.has(message.tab) && !message.reply) {
          post({ type: 'heartbeat', tab: id, at: now(), reply: true });
        }
        seen.set(message.tab, now());
        return;
      case 'set':
        apply(message.key, message.value);
        return;
      case 'hello': {
        const entries = sharedKeys()
          .map((key) => [key, readItem(storage, key)] as const)
          .filter((entry): entry is [string, string] => entry[1] !== null);
        if (entries.length > 0) post({ type: 'snapshot', entries });
        return;
      }
      case 'snapshot':
        // A new tab takes what it does not have yet; its own values win.
        for (const [key, value] of message.entries) {
          if (readItem(storage, key) === null) apply(key, value);
        }
        return;
    }
  };

  const Channel = globalThis.BroadcastChannel;
  if (options.channel || Channel) {
    const channel = options.channel ?? new Channel(channelName);
    channel.onmessage = (event: MessageEvent) => receive(event.data as Message);
    post = (message) => channel.postMessage(message);
    close = () => channel.close();
  } else {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== fallbackKey || !event.newValue) return;
      try {
        receive((JSON.parse(event.newValue) as { message: Message }).message);
      } catch {
        // Not one of ours.
      }
    };
    globalThis.addEventListener?.('storage', onStorage);
    post = (message) => {
      try {
        // A nonce makes every write a change, so repeated messages still fire the event.
        globalThis.localStorage.setItem(
          fallbackKey,
          JSON.stringify({ message, nonce: randomId() }),
        );
        globalThis.localStorage.removeItem(fallbackKey);
      } catch {
        // No local storage either: this tab stays on its own.
      }
    };
    close = () => globalThis.removeEventListener?.('storage', onStorage);
  }

  const beat = () => post({ type: 'heartbeat', tab: id, at: now() });
  beat();
  post({ type: 'hello', tab: id });
  const timer = setInterval(beat, heartbeatMs);

  return {
    id,
    aliveTabs() {
      const at = now();
      return [...seen]
        .filter(([, lastSeen]) => at - lastSeen < aliveMs)
        .map(([tab, lastSeen]) => ({ id: tab, lastSeen }));
    },
    setShared(key, value) {
      apply(key, value);
      post({ type: 'set', key, value });
    },
    stop() {
      clearInterval(timer);
      close();
    },
  };
}

let current: Tabs | undefined;

/** The tab sync of this page (started by the tracking island). */
export function tabs(): Tabs | undefined {
  return current;
}

export function startPageTabs(): Tabs {
  current ??= startTabs();
  return current;
}

/** Writes a session value and shares it with the other open tabs (plain write before start). */
export function setSharedSession(key: string, value: string | null): void {
  if (current) current.setShared(key, value);
  else if (value === null) removeItem(session(), key);
  else writeItem(session(), key, value);
}
