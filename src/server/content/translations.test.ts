// The long copy of content/ in every language: each translation has the English document's
// structure (the same section ids in the same order, the same values to fill in, the same link
// targets), so a translation can neither drop a section nor change a figure or a link; the
// feature and country guides are long enough to be worth reading.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureSlugs, serverCountrySlugs } from '@/lib/catalog';
import { defaultLocale, locales } from '@/lib/locales';
import enMessages from '../../../messages/en.json';
import { loadContent, loadGuide } from './load';

const root = path.join(process.cwd(), 'content');
const translated = locales.filter((locale) => locale !== defaultLocale);

/** The documents every language has in full. */
const complete: { area: string; names: readonly string[] }[] = [
  { area: 'legal', names: ['policy', 'terms-of-service', 'cookie-policy', 'money-back-guarantee'] },
  { area: 'features', names: featureSlugs },
  { area: 'countries', names: serverCountrySlugs },
];

const sectionIds = (source: string) =>
  source
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => `${line.split(' ')[0]} ${/\{#([a-z0-9-]+)\}\s*$/.exec(line)?.[1] ?? '(no id)'}`);
const valuesUsed = (source: string) =>
  [...source.matchAll(/\{([a-zA-Z]+)\}/g)].map((match) => match[1]).sort();
const linkTargets = (source: string) =>
  [...source.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);

const read = (area: string, locale: string, name: string) =>
  readFileSync(path.join(root, area, locale, `${name}.md`), 'utf8');

describe.each(complete)('content/$area in every language', ({ area, names }) => {
  it.each(translated)('%s has every document, shaped like the English', (locale) => {
    for (const name of names) {
      const file = path.join(root, area, locale, `${name}.md`);
      expect(existsSync(file), `${area}/${locale}/${name}.md`).toBe(true);
      const english = read(area, 'en', name);
      const source = read(area, locale, name);
      expect(sectionIds(source), `${area}/${locale}/${name}.md sections`).toEqual(
        sectionIds(english),
      );
      expect(valuesUsed(source), `${area}/${locale}/${name}.md values`).toEqual(
        valuesUsed(english),
      );
      expect(linkTargets(source), `${area}/${locale}/${name}.md links`).toEqual(
        linkTargets(english),
      );
    }
  });

  it('has no document in a language folder that English lacks', () => {
    for (const locale of translated) {
      const dir = path.join(root, area, locale);
      const extra = existsSync(dir)
        ? readdirSync(dir).filter((file) => !existsSync(path.join(root, area, 'en', file)))
        : [];
      expect(extra, `${area}/${locale}`).toEqual([]);
    }
  });
});

/** The text of every paragraph, list item and table cell of a rendered document. */
function blocksOf(html: string): string[] {
  return (
    [...html.matchAll(/<(p|li|td|th|h[1-6])\b[^>]*>([\s\S]*?)<\/\1>/g)]
      .map((match) => match[2] ?? '')
      // Cookie names and other code read the same in every language.
      .filter((inner) => /\p{L}{3,}/u.test(inner.replace(/<code>[\s\S]*?<\/code>/g, '')))
      .map((inner) =>
        inner
          .replace(/<[^>]+>/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
  );
}

describe('legal pages', () => {
  const legal = ['policy', 'terms-of-service', 'cookie-policy', 'money-back-guarantee'];
  it.each(translated)('%s: no paragraph is left in English', (locale) => {
    for (const name of legal) {
      const english = new Set(blocksOf(loadContent('legal', name, 'en').html));
      const doc = loadContent('legal', name, locale);
      expect(doc.lang).toBe(locale);
      // Cookie names, emails and product names alone may read the same in any language.
      const same = blocksOf(doc.html).filter(
        (text) => english.has(text) && /\s/.test(text) && !/^[\w.@-]+( \(.*\))?$/.test(text),
      );
      expect(same, `legal/${locale}/${name}.md`).toEqual([]);
    }
  });
});

/** Words of the page's own text entries plus the guide's (Markdown syntax left out). */
function words(...texts: string[]): number {
  return texts
    .join(' ')
    .replace(/\{#[a-z0-9-]+\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

describe('feature and country guides', () => {
  it.each(featureSlugs)('features/%s: at least 600 words with the page text, and a FAQ', (slug) => {
    const guide = loadGuide('features', slug, 'en');
    expect(guide.faq.length).toBeGreaterThanOrEqual(3);
    expect(guide.html).not.toMatch(/\{[a-zA-Z]+\}/);
    const own = Object.values(enMessages.Features[slug]);
    expect(words(read('features', 'en', slug), ...own)).toBeGreaterThanOrEqual(600);
  });

  it.each(serverCountrySlugs)(
    'countries/%s: at least 400 words with the page text, and a FAQ',
    (slug) => {
      const guide = loadGuide('countries', slug, 'en');
      expect(guide.faq.length).toBeGreaterThanOrEqual(3);
      expect(guide.html).not.toMatch(/\{[a-zA-Z]+\}/);
      const own = Object.values(enMessages.ServersPage.countries[slug]);
      expect(words(read('countries', 'en', slug), ...own)).toBeGreaterThanOrEqual(400);
    },
  );

  it('renders a translation in its own language, with its FAQ', () => {
    const guide = loadGuide('features', 'automatic-kill-switch', 'ar');
    expect(guide.lang).toBe('ar');
    expect(guide.dir).toBe('rtl');
    expect(guide.faq.map((entry) => entry.id)).toEqual(
      loadGuide('features', 'automatic-kill-switch', 'en').faq.map((entry) => entry.id),
    );
    expect(guide.html).toContain('href="/ar/');
  });
});
