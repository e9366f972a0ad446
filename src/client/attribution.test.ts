import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieJar } from '../../tests/support/cookie-jar';
import { memoryStorage } from '../../tests/support/memory-storage';
import { readAttribution } from '../server/attribution';
import {
  attributionFromQuery,
  captureAttribution,
  clearAttribution,
  currentChannel,
  utmTags,
} from './attribution';

describe('attribution from the landing URL', () => {
  let jar: ReturnType<typeof cookieJar>;
  let storage: ReturnType<typeof memoryStorage>;

  beforeEach(() => {
    jar = cookieJar();
    storage = memoryStorage();
    vi.stubGlobal('document', jar);
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('location', { protocol: 'https:', search: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads UTM tags, channel and affiliate ids, ignoring unusable values', () => {
    expect(
      attributionFromQuery(
        '?utm_source=news&utm_medium=email&utm_term=&channel=p7&cjevent=CJ1&cfclick=CF2&admitad_uid=AD3&utm_content=%3Cx%3E',
      ),
    ).toEqual({
      utm: { utm_source: 'news', utm_medium: 'email' },
      channel: 'p7',
      cjevent: 'CJ1',
      cfclick: 'CF2',
      admitadUid: 'AD3',
    });
    expect(attributionFromQuery('?page=2')).toEqual({});
  });

  it('stores each value under the spec’s cookie name and lifetime', () => {
    captureAttribution(
      attributionFromQuery(
        '?utm_campaign=spring&utm_source=news&channel=p7&cjevent=CJ1&cfclick=CF2&admitad_uid=AD3',
      ),
    );
    const maxAge = (name: string) => jar.cookies.get(name)?.attributes['max-age'];
    expect(maxAge('utm_tags')).toBe('3888000');
    expect(maxAge('cje')).toBe('3888000');
    expect(maxAge('cje-client')).toBe('3888000');
    expect(maxAge('cf-click')).toBe('2592000');
    expect(maxAge('_aid')).toBe('3888000');
    expect(maxAge('channel')).toBe('3888000');
    expect(jar.cookies.get('cje')?.attributes).toHaveProperty('secure');
    expect(jar.cookies.get('cje')?.attributes.samesite).toBe('Lax');

    const tags = utmTags();
    expect(tags).toMatchObject({ utm_campaign: 'spring', utm_source: 'news' });
    expect(tags?.front_id).toMatch(/.{8,}/);
    expect(JSON.parse(storage.getItem('utm_tags') ?? '{}')).toEqual(tags);

    // The server-side reader (orders) reads exactly what the browser wrote.
    expect(readAttribution(jar.cookie)).toEqual({
      utm: tags,
      channel: 'p7',
      cje: 'CJ1',
      cf_click: 'CF2',
      aid: 'AD3',
    });
  });

  it('keeps the front_id when new UTM tags replace old ones', () => {
    captureAttribution(attributionFromQuery('?utm_source=a'));
    const first = utmTags()?.front_id;
    captureAttribution(attributionFromQuery('?utm_source=b'));
    expect(utmTags()).toEqual({ utm_source: 'b', front_id: first });
  });

  it('takes the channel from the query first, then the cookie', () => {
    expect(currentChannel('')).toBeUndefined();
    captureAttribution({ channel: 'from-cookie' });
    expect(currentChannel('')).toBe('from-cookie');
    expect(currentChannel('?channel=from-query')).toBe('from-query');
  });

  it('clears everything when consent is withdrawn', () => {
    captureAttribution(
      attributionFromQuery('?utm_source=a&cjevent=1&cfclick=2&admitad_uid=3&channel=4'),
    );
    clearAttribution();
    expect(jar.cookie).toBe('');
    expect(storage.getItem('utm_tags')).toBeNull();
  });
});
