// The visitor's cookie choice. Non-essential cookies and storage (UTM tags, channel, affiliate
// ids, analytics) wait for it in the EU, the EEA and the UK; elsewhere they are allowed unless the
// visitor declined. Essential ones (language, session, this choice, geo, tab sync) always work.
import { readCookie, writeCookie } from '@/client/cookies';

export const consentCookie = 'cookie_consent';
/** How long the choice is remembered (about six months), then the banner asks again. */
export const consentMaxAgeSeconds = 180 * 24 * 60 * 60;

export type ConsentChoice = 'all' | 'essential';
export type ConsentStatus = 'granted' | 'denied' | 'pending';

// EU 27, the other EEA states (Iceland, Liechtenstein, Norway) and the United Kingdom.
const consentRegions = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB'.split(
    ' ',
  ),
);

/** Whether a visitor from this country must opt in. Unknown country: yes, to be safe. */
export function needsOptIn(countryCode: string | null | undefined): boolean {
  return !countryCode || consentRegions.has(countryCode.toUpperCase());
}

export function storedChoice(cookies?: string): ConsentChoice | undefined {
  const value = readCookie(consentCookie, cookies);
  return value === 'all' || value === 'essential' ? value : undefined;
}

/**
 * `countryCode` undefined means "not known yet" (geo still loading): pending, so nothing
 * non-essential is written before we know.
 */
export function consentStatus(
  countryCode: string | null | undefined,
  choice = storedChoice(),
): ConsentStatus {
  if (choice === 'all') return 'granted';
  if (choice === 'essential') return 'denied';
  if (countryCode === undefined) return 'pending';
  return needsOptIn(countryCode) ? 'pending' : 'granted';
}

type Listener = () => void;
const listeners = new Set<Listener>();

export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the choice (an essential cookie) and tells everyone who waits for it. */
export function saveConsent(choice: ConsentChoice): void {
  writeCookie(consentCookie, choice, { maxAge: consentMaxAgeSeconds });
  for (const listener of listeners) listener();
}
