import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compareLocale,
  coveragePercent,
  emptyAllowlist,
  flattenMessages,
  hasErrors,
  IcuSyntaxError,
  icuArguments,
  mayEqualEnglish,
  mayKeepEnglish,
  parseAllowlist,
} from './i18n-check-lib';

const map = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('flattenMessages', () => {
  it('joins nested keys with dots', () => {
    const { entries, problems } = flattenMessages({ a: { b: 'x', c: { d: 'y' } }, e: 'z' });
    expect([...entries]).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
      ['e', 'z'],
    ]);
    expect(problems).toEqual([]);
  });

  it('reports leaves that are not strings', () => {
    const { problems } = flattenMessages({ a: 1, b: ['x'], c: null });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('a:');
  });

  it('rejects a root that is not an object', () => {
    expect(flattenMessages(['x']).problems).toHaveLength(1);
  });
});

describe('icuArguments', () => {
  it('finds simple arguments', () => {
    expect([...icuArguments('Hello {name}, you have {count} items')].sort()).toEqual([
      'count',
      'name',
    ]);
  });

  it('finds arguments inside plural branches and ignores #', () => {
    const args = icuArguments('{count, plural, one {# month for {price}} other {# months}}');
    expect([...args].sort()).toEqual(['count', 'price']);
  });

  it('handles select, formatted arguments and skeletons', () => {
    const args = icuArguments(
      '{g, select, a {A} other {B}} {n, number, ::currency/USD} {d, date, short}',
    );
    expect([...args].sort()).toEqual(['d', 'g', 'n']);
  });

  it('treats quoted braces as text and lone apostrophes as apostrophes', () => {
    expect([...icuArguments("Use '{braces}' in l'application")]).toEqual([]);
    expect([...icuArguments("It''s {name}")]).toEqual(['name']);
  });

  it('records rich-text tags', () => {
    expect([...icuArguments('Read the <link>terms</link> and <br/> {x}')].sort()).toEqual([
      '<br>',
      '<link>',
      'x',
    ]);
  });

  it('throws on unbalanced braces or tags', () => {
    expect(() => icuArguments('Hello {name')).toThrow(IcuSyntaxError);
    expect(() => icuArguments('Hello name}')).toThrow(IcuSyntaxError);
    expect(() => icuArguments('<b>bold')).toThrow(IcuSyntaxError);
    expect(() => icuArguments('{n, plural, one {x}')).toThrow(IcuSyntaxError);
  });
});

const { allowlist } = parseAllowlist({
  sameInEveryLanguage: ['Turbo VPN'],
  namesByKey: ['Common.brand', 'UseCases.services.'],
  locales: { de: ['home.blog', 'Servers.'], fr: ['home.page'] },
});

describe('parseAllowlist', () => {
  it('reads the three lists', () => {
    expect(allowlist.sameInEveryLanguage.has('Turbo VPN')).toBe(true);
    expect(allowlist.namesByKey).toEqual(['Common.brand', 'UseCases.services.']);
    expect([...(allowlist.byLocale.get('de') ?? [])]).toEqual(['home.blog', 'Servers.']);
  });

  it('reports malformed parts instead of throwing', () => {
    expect(parseAllowlist(['x']).problems).toEqual(['(root): expected an object']);
    const { problems } = parseAllowlist({ namesByKey: 'x', locales: { de: [1] } });
    expect(problems).toEqual([
      'locales.de: expected a list of strings',
      'namesByKey: expected a list of strings',
    ]);
  });

  it('accepts the project allowlist', () => {
    const file = new URL('./i18n-allow.json', import.meta.url);
    const { problems } = parseAllowlist(JSON.parse(readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });
});

describe('mayEqualEnglish', () => {
  it('allows brand names and text without letters', () => {
    expect(mayEqualEnglish('Turbo VPN', '', allowlist)).toBe(true);
    expect(mayEqualEnglish('4.8 / 5', '', allowlist)).toBe(true);
    expect(mayEqualEnglish('{price}', '', allowlist)).toBe(true);
    expect(mayEqualEnglish('Buy now', '', allowlist)).toBe(false);
  });

  it('allows the values of name keys', () => {
    expect(mayEqualEnglish('BBC iPlayer', 'UseCases.services.bbc_iplayer', allowlist)).toBe(true);
    expect(mayEqualEnglish('Turbo VPN', 'Common.brand', allowlist)).toBe(true);
    expect(mayEqualEnglish('Download', 'Nav.download', allowlist)).toBe(false);
  });

  it("allows a locale's own exceptions, by key, in that locale only", () => {
    expect(mayKeepEnglish('de', 'home.blog', 'Blog', allowlist)).toBe(true);
    expect(mayKeepEnglish('de', 'Servers.japan-vpn', 'Japan', allowlist)).toBe(true);
    expect(mayKeepEnglish('fr', 'home.blog', 'Blog', allowlist)).toBe(false);
    expect(mayKeepEnglish('de', 'home.other', 'Blog', allowlist)).toBe(false);
  });
});

describe('compareLocale', () => {
  const english = map({
    'home.title': 'Fast VPN',
    'home.brand': 'Turbo VPN',
    'home.blog': 'Blog',
    'pricing.save': 'Save {percent}%',
    'pricing.cta': 'Get it',
    'Servers.japan-vpn': 'Japan',
  });
  const german = {
    'home.title': 'Schnelles VPN',
    'home.brand': 'Turbo VPN',
    'home.blog': 'Blog',
    'pricing.save': 'Spare {percent}%',
    'pricing.cta': 'Hol es dir',
    'Servers.japan-vpn': 'Japan',
  };

  it('passes a complete translation whose English texts are all allowed', () => {
    const report = compareLocale('de', english, map(german), allowlist);
    expect(report.translated).toBe(6);
    expect(hasErrors(report)).toBe(false);
    expect(coveragePercent(report)).toBe(100);
  });

  it('fails on missing keys unless they are allowed to wait', () => {
    const { 'pricing.save': _, ...partial } = german;
    const report = compareLocale('de', english, map(partial), allowlist);
    expect(report.missing).toEqual(['pricing.save']);
    expect(coveragePercent(report)).toBe(83.3);
    expect(hasErrors(report)).toBe(true);
    expect(hasErrors(report, { allowMissing: true })).toBe(false);
  });

  it('fails on English text that no allowlist entry explains', () => {
    const report = compareLocale(
      'de',
      english,
      map({ ...german, 'pricing.cta': 'Get it' }),
      allowlist,
    );
    expect(report.untranslated).toEqual(['pricing.cta']);
    expect(report.translated).toBe(5);
    expect(hasErrors(report, { allowMissing: true })).toBe(true);
    // The same "Blog" and "Japan" are exceptions for German only.
    expect(compareLocale('fr', english, map(german), allowlist).untranslated).toEqual([
      'home.blog',
      'Servers.japan-vpn',
    ]);
  });

  it('without an allowlist, only names-free texts (numbers, symbols) may stay English', () => {
    const report = compareLocale(
      'de',
      map({ a: '4.8 / 5', b: 'Blog' }),
      map({ a: '4.8 / 5', b: 'Blog' }),
    );
    expect(report.untranslated).toEqual(['b']);
    expect(emptyAllowlist.byLocale.size).toBe(0);
  });

  it('fails on allowlist entries that match no key, and notes the ones no longer needed', () => {
    const report = compareLocale(
      'fr',
      english,
      map({ ...german, 'home.blog': 'Le blog' }),
      allowlist,
    );
    expect(report.unknownAllowed).toEqual(['home.page']);
    expect(hasErrors(report)).toBe(true);
    const de = compareLocale('de', english, map({ ...german, 'home.blog': 'Das Blog' }), allowlist);
    expect(de.staleAllowed).toEqual(['home.blog']);
    expect(de.unknownAllowed).toEqual([]);
    expect(hasErrors(de)).toBe(false);
  });

  it('fails on keys that English lacks', () => {
    const report = compareLocale(
      'de',
      english,
      map({ ...german, 'home.subtitle': 'x' }),
      allowlist,
    );
    expect(report.extra).toEqual(['home.subtitle']);
    expect(hasErrors(report)).toBe(true);
  });

  it('fails when a translated message changes its arguments', () => {
    const report = compareLocale(
      'de',
      english,
      map({ ...german, 'pricing.save': 'Spare {prozent}%' }),
      allowlist,
    );
    expect(report.placeholderMismatches).toEqual([
      { key: 'pricing.save', english: ['percent'], translated: ['prozent'] },
    ]);
    expect(hasErrors(report)).toBe(true);
  });

  it('fails on a translated message that is not valid ICU', () => {
    const report = compareLocale(
      'de',
      english,
      map({ ...german, 'pricing.save': 'Spare {percent%' }),
      allowlist,
    );
    expect(report.syntaxErrors).toHaveLength(1);
    expect(hasErrors(report)).toBe(true);
  });
});
