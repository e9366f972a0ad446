// Marketing attribution from the landing URL (spec 3, 9): UTM tags, the sales channel and the
// affiliate click ids. Every value here is a non-essential cookie or storage entry: capture()
// runs only with the visitor's consent (see components/consent). Plan requests read
// currentChannel(); orders get everything through the server reader (src/server/attribution.ts),
// which parses the same cookie names (src/lib/attribution-cookies.ts).
import { attributionCookies, type UtmKey, utmKeys } from '@/lib/attribution-cookies';
import { channelOrder } from '@/lib/plans/channel';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { readJson, session } from './storage';
import { setSharedSession } from './tabs';

export type UtmTags = Partial<Record<UtmKey, string>> & { front_id: string };

/** Lifetimes in seconds (spec 9; the UTM cookie is given as 3888000000 ms). */
export const attributionLifetimes = {
  utm: 3_888_000_000 / 1000,
  // The spec gives no channel lifetime; it lasts as long as the UTM tags it usually comes with.
  channel: 3_888_000,
  cje: 3_888_000,
  cfClick: 2_592_000,
  aid: 3_888_000,
} as const;

export const utmSessionKey = 'utm_tags';

// Values end up in cookies and in orders: printable, no separators that could split a cookie.
const acceptable = /^[\w.\-~:/@+%|]{1,200}$/;

function clean(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && acceptable.test(trimmed) ? trimmed : undefined;
}

/** What a landing URL carries; undefined fields were absent or unusable. */
export interface QueryAttribution {
  utm?: Partial<Record<UtmKey, string>>;
  channel?: string;
  cjevent?: string;
  cfclick?: string;
  admitadUid?: string;
}

export function attributionFromQuery(search: string | URLSearchParams): QueryAttribution {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const key of utmKeys) {
    const value = clean(query.get(key));
    if (value) utm[key] = value;
  }
  const found: QueryAttribution = {};
  if (Object.keys(utm).length > 0) found.utm = utm;
  const channel = clean(query.get('channel'));
  if (channel) found.channel = channel;
  const cjevent = clean(query.get('cjevent'));
  if (cjevent) found.cjevent = cjevent;
  const cfclick = clean(query.get('cfclick'));
  if (cfclick) found.cfclick = cfclick;
  const admitadUid = clean(query.get('admitad_uid'));
  if (admitadUid) found.admitadUid = admitadUid;
  return found;
}

export function hasAttribution(found: QueryAttribution): boolean {
  return Object.keys(found).length > 0;
}

function newFrontId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  );
}

/** The stored UTM tags: this session's first, else the cookie's. */
export function utmTags(): UtmTags | undefined {
  const fromSession = readJson<UtmTags>(session(), utmSessionKey);
  if (fromSession?.front_id) return fromSession;
  const cookie = readCookie(attributionCookies.utm);
  if (!cookie) return undefined;
  try {
    const parsed = JSON.parse(cookie) as UtmTags;
    return parsed?.front_id ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Stores what the landing URL carried (call only with consent). New UTM tags replace old ones. */
export function captureAttribution(found: QueryAttribution): void {
  if (found.utm) {
    const tags: UtmTags = { ...found.utm, front_id: utmTags()?.front_id ?? newFrontId() };
    const json = JSON.stringify(tags);
    setSharedSession(utmSessionKey, json);
    writeCookie(attributionCookies.utm, json, { maxAge: attributionLifetimes.utm });
  }
  if (found.channel) {
    writeCookie(attributionCookies.channel, found.channel, {
      maxAge: attributionLifetimes.channel,
    });
  }
  if (found.cjevent) {
    writeCookie(attributionCookies.cje, found.cjevent, { maxAge: attributionLifetimes.cje });
    writeCookie(attributionCookies.cjeClient, found.cjevent, { maxAge: attributionLifetimes.cje });
  }
  if (found.cfclick) {
    writeCookie(attributionCookies.cfClick, found.cfclick, {
      maxAge: attributionLifetimes.cfClick,
    });
  }
  if (found.admitadUid) {
    writeCookie(attributionCookies.aid, found.admitadUid, { maxAge: attributionLifetimes.aid });
  }
}

/** Removes every attribution cookie and the session copy (consent withdrawn). */
export function clearAttribution(): void {
  for (const name of Object.values(attributionCookies)) deleteCookie(name);
  setSharedSession(utmSessionKey, null);
}

/**
 * The channel plan requests are made with (spec 3, 7; src/lib/plans/channel.ts): the `channel` query parameter of the
 * current URL, else the cookie. Reading the URL needs no consent; only storing it does.
 */
export function currentChannel(search = globalThis.location?.search ?? ''): string | undefined {
  const [channel] = channelOrder({
    query: attributionFromQuery(search).channel,
    cookie: clean(readCookie(attributionCookies.channel)),
  }).filter(Boolean);
  return channel;
}
