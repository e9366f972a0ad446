import { describe, expect, it } from 'vitest';
import { buildMetadata } from './metadata';

const base = {
  siteUrl: 'https://www.example.com',
  siteName: 'Turbo VPN',
  title: 'Pricing and plans',
  description: 'Plans',
  ogImageAlt: 'Turbo VPN',
  indexed: true,
};

describe('buildMetadata', () => {
  it('gives the canonical URL of the locale and 19 alternates', () => {
    const meta = buildMetadata({ ...base, locale: 'de', path: '/pricing' });
    expect(meta.alternates?.canonical).toBe('https://www.example.com/de/pricing');
    const languages = meta.alternates?.languages as Record<string, string>;
    expect(Object.keys(languages)).toHaveLength(19);
    expect(languages.en).toBe('https://www.example.com/pricing');
    expect(languages['x-default']).toBe('https://www.example.com/pricing');
    expect(languages['zh-Hant']).toBe('https://www.example.com/zh-Hant/pricing');
  });

  it('adds the brand to titles once, and keeps unindexed pages out of search', () => {
    const meta = buildMetadata({ ...base, locale: 'en', path: '/', indexed: false });
    expect(meta.title).toEqual({ absolute: 'Pricing and plans | Turbo VPN' });
    expect(meta.robots).toEqual({ index: false, follow: true });
    const branded = buildMetadata({ ...base, title: 'Turbo VPN: fast', locale: 'en', path: '/' });
    expect(branded.title).toEqual({ absolute: 'Turbo VPN: fast' });
    expect(branded.alternates?.canonical).toBe('https://www.example.com/');
  });
});
