import { local, readJson, writeItem } from '../storage';

/** The geo message (spec 3) as the API answers it and local storage keeps it. */
export interface GeoMessage {
  country: string;
  user_ip: string;
  country_code: string;
  is_exposed: boolean;
  location: { region?: string; city?: string };
}

export const geoStorageKey = 'geo_info';
export const geoPath = '/api/mms/account/v1/geo_info';

export type GeoFailure = { event: 'GET_GEO_EMPTY' | 'GET_GEO_ERROR'; reason: string };

function isGeoMessage(value: unknown): value is GeoMessage {
  if (!value || typeof value !== 'object') return false;
  const geo = value as Record<string, unknown>;
  return (
    typeof geo.country === 'string' &&
    typeof geo.user_ip === 'string' &&
    typeof geo.country_code === 'string' &&
    typeof geo.is_exposed === 'boolean'
  );
}

/** The last geo message this browser received, if any. */
export function storedGeo(): GeoMessage | undefined {
  const value = readJson<unknown>(local(), geoStorageKey);
  return isGeoMessage(value) ? value : undefined;
}

/**
 * Asks the server where the visitor is and keeps the answer in local storage. An answer without
 * a country or address reports GET_GEO_EMPTY, a failed request GET_GEO_ERROR (spec 8); the
 * stored value is kept in both cases.
 */
export async function fetchGeo(
  onFailure: (failure: GeoFailure) => void,
): Promise<GeoMessage | undefined> {
  let body: unknown;
  try {
    const res = await fetch(geoPath, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'app-type': '502' },
    });
    if (!res.ok) {
      onFailure({ event: 'GET_GEO_ERROR', reason: `HTTP ${res.status}` });
      return undefined;
    }
    body = ((await res.json()) as { data?: unknown }).data;
  } catch (error: unknown) {
    onFailure({
      event: 'GET_GEO_ERROR',
      reason: error instanceof Error ? error.message : 'request failed',
    });
    return undefined;
  }
  if (!isGeoMessage(body)) {
    onFailure({ event: 'GET_GEO_ERROR', reason: 'unexpected answer' });
    return undefined;
  }
  if (!body.country_code || !body.user_ip) {
    onFailure({ event: 'GET_GEO_EMPTY', reason: body.user_ip ? 'no country' : 'no address' });
  }
  writeItem(local(), geoStorageKey, JSON.stringify(body));
  return body;
}
