import { describe, expect, it } from 'vitest';
import {
  compareLocale,
  coveragePercent,
  flattenMessages,
  hasErrors,
  IcuSyntaxError,
  icuArguments,
  mayEqualEnglish,
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

describe('mayEqualEnglish', () => {
  it('allows brand names and text without letters', () => {
    expect(mayEqualEnglish('Turbo VPN')).toBe(true);
    expect(mayEqualEnglish('4.8 / 5')).toBe(true);
    expect(mayEqualEnglish('{price}')).toBe(true);
    expect(mayEqualEnglish('Buy now')).toBe(false);
  });

  it('allows the values of name keys', () => {
    expect(mayEqualEnglish('BBC iPlayer', 'UseCases.services.bbc_iplayer')).toBe(true);
    expect(mayEqualEnglish('Turbo VPN', 'Common.brand')).toBe(true);
    expect(mayEqualEnglish('Download', 'Nav.download')).toBe(false);
  });
});

describe('compareLocale', () => {
  const english = map({
    'home.title': 'Fast VPN',
    'home.brand': 'Turbo VPN',
    'pricing.save': 'Save {percent}%',
    'pricing.cta': 'Get it',
  });

  it('counts translated keys and reports missing ones', () => {
    const report = compareLocale(
      'de',
      english,
      map({ 'home.title': 'Schnelles VPN', 'home.brand': 'Turbo VPN', 'pricing.cta': 'Get it' }),
    );
    expect(report.translated).toBe(2); // pricing.cta is still English
    expect(report.total).toBe(4);
    expect(report.missing).toEqual(['pricing.save']);
    expect(coveragePercent(report)).toBe(50);
    expect(hasErrors(report)).toBe(false);
  });

  it('fails on keys that English lacks', () => {
    const report = compareLocale('de', english, map({ 'home.subtitle': 'x' }));
    expect(report.extra).toEqual(['home.subtitle']);
    expect(hasErrors(report)).toBe(true);
  });

  it('fails when a translated message changes its arguments', () => {
    const report = compareLocale('de', english, map({ 'pricing.save': 'Spare {prozent}%' }));
    expect(report.placeholderMismatches).toEqual([
      { key: 'pricing.save', english: ['percent'], translated: ['prozent'] },
    ]);
    expect(hasErrors(report)).toBe(true);
  });

  it('fails on a translated message that is not valid ICU', () => {
    const report = compareLocale('de', english, map({ 'pricing.save': 'Spare {percent%' }));
    expect(report.syntaxErrors).toHaveLength(1);
    expect(hasErrors(report)).toBe(true);
  });
});
