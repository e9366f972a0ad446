import 'server-only';
import { type Locale, localizePath } from '@/lib/locales';
import { config } from '@/server/config';

/** The address of a site page in `locale`, on SITE_URL: the links mails carry. */
export function siteLink(locale: Locale, path: string): string {
  return new URL(localizePath(locale, path), config().SITE_URL).toString();
}
