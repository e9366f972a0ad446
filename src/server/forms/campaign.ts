import 'server-only';
import { normalizeCampaign } from '@/lib/form-rules';

/** Cookie that remembers the influencer campaign a visitor arrived through (`?campaign=`). */
export const campaignCookieName = 'inf_campaign';
/** 45 days, as the spec's other attribution cookies (spec 9: UTM, cje, _aid). */
export const campaignCookieMaxAgeSeconds = 45 * 24 * 60 * 60;

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The influencer campaign of the visit that sent this request, or null. Sign-up and checkout
 * call this to credit an account or an order to the influencer whose link the visitor followed;
 * a malformed or tampered value counts as none.
 */
export function campaignFrom(request: Request): string | null {
  return normalizeCampaign(cookieValue(request.headers.get('cookie') ?? '', campaignCookieName));
}
