import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatPlural, pluralForms } from './plural-message';

const messagesDir = path.join(process.cwd(), 'messages');
const locales = readdirSync(messagesDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

describe('pluralForms and formatPlural', () => {
  it('split a plural message into its forms', () => {
    expect(
      pluralForms('{count, plural, =0 {No articles yet} one {# article} other {# articles}}'),
    ).toEqual({ '=0': 'No articles yet', one: '# article', other: '# articles' });
  });

  it('refuse messages they cannot format exactly', () => {
    expect(() => pluralForms('{count} articles')).toThrow(/not a plural message/);
    expect(() => pluralForms('{count, plural, one {# article}}')).toThrow(/without "other"/);
    expect(() => pluralForms('{count, plural, one {# {kind}} other {# articles}}')).toThrow(
      /plain forms only/,
    );
    expect(() => pluralForms('{count, select, a {x} other {y}}')).toThrow(/not a plural message/);
  });

  it('format Blog.postCount in every locale as the ICU runtime does', () => {
    for (const locale of locales) {
      const messages = JSON.parse(readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8'));
      const message: string = messages.Blog.postCount;
      const forms = pluralForms(message);
      for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1234]) {
        const expected = new IntlMessageFormat(message, locale).format({ count });
        expect(formatPlural(forms, count, locale), `${locale} ${count}`).toBe(expected);
      }
    }
  });
});
