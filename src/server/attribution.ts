import 'server-only';
import { z } from 'zod';
import { attributionCookies, type UtmKey, utmKeys } from '@/lib/attribution-cookies';

// The browser writes these cookies (src/client/attribution.ts); here they are untrusted input:
// parsed, length-limited and reduced to safe characters before anything stores them.
const value = z
  .string()
  .trim()
  .regex(/^[\w.\-~:/@+%|]{1,200}$/);

const utmSchema = z.object({
  front_id: value,
  ...Object.fromEntries(utmKeys.map((key) => [key, value.optional()])),
});

export type StoredUtmTags = Partial<Record<UtmKey, string>> & { front_id: string };

/** Attribution of an order (payments stores it with the order), from the request's cookies. */
export interface Attribution {
  utm: StoredUtmTags | null;
  channel: string | null;
  /** CJ Affiliate event id (cookies cje / cje-client). */
  cje: string | null;
  /** The cf-click id. */
  cf_click: string | null;
  /** Admitad uid (cookie _aid). */
  aid: string | null;
}

function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A malformed value is ignored like a missing one.
    }
  }
  return cookies;
}

function single(raw: string | undefined): string | null {
  const parsed = value.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function utm(raw: string | undefined): StoredUtmTags | null {
  if (!raw) return null;
  try {
    const parsed = utmSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const tags: StoredUtmTags = { front_id: parsed.data.front_id };
    for (const key of utmKeys) {
      const tag = (parsed.data as Record<string, string | undefined>)[key];
      if (tag) tags[key] = tag;
    }
    return tags;
  } catch {
    return null;
  }
}

/**
 * Reads the attribution cookies from a Request or a Cookie header. Absent or malformed values are
 * null; nothing here throws on bad input.
 */
export function readAttribution(
  source: Request | Headers | string | null | undefined,
): Attribution {
  const header =
    typeof source === 'string'
      ? source
      : source instanceof Request
        ? (source.headers.get('cookie') ?? '')
        : (source?.get('cookie') ?? '');
  const cookies = parseCookies(header);
  return {
    utm: utm(cookies.get(attributionCookies.utm)),
    channel: single(cookies.get(attributionCookies.channel)),
    cje: single(cookies.get(attributionCookies.cje) ?? cookies.get(attributionCookies.cjeClient)),
    cf_click: single(cookies.get(attributionCookies.cfClick)),
    aid: single(cookies.get(attributionCookies.aid)),
  };
}

// Influencer campaign links (/influencer?campaign=…, cookie inf_campaign), owned by the forms
// area: sign-up and checkout read it beside readAttribution().
export { campaignFrom } from './forms/campaign';
