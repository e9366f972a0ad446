import { describe, expect, it } from 'vitest';
import { type BlogPostIdentifier, decodeBlogKey, encodeBlogKey } from './blog-key';

describe('encodeBlogKey (spec 3, four rules)', () => {
  it.each<[string, BlogPostIdentifier | null | undefined, string]>([
    [
      'rule 1: WordPress post with isWP true',
      { id: 7, short_path: 'hello', isWP: true },
      '__wp__hello',
    ],
    [
      "rule 1: isWP as the string 'true'",
      { id: 7, short_path: 'hello', isWP: 'true' },
      '__wp__hello',
    ],
    [
      'rule 2: short_path alone',
      { id: 7, short_path: 'how-a-vpn-works', isWP: false },
      'how-a-vpn-works',
    ],
    ["rule 2: isWP 'false' is not WordPress", { short_path: 'x', isWP: 'false' }, 'x'],
    ['rule 2: no isWP at all', { short_path: 'no-flag' }, 'no-flag'],
    ['rule 3: no short_path, numeric id', { id: 42 }, '__sys-id__42'],
    ['rule 3: empty short_path, string id', { id: 'abc', short_path: '' }, '__sys-id__abc'],
    ['rule 3: id 0 is an id', { id: 0 }, '__sys-id__0'],
    ['rule 3: WordPress post without short_path', { id: 9, isWP: true }, '__sys-id__9'],
    ['rule 4: empty object', {}, ''],
    ['rule 4: null', null, ''],
    ['rule 4: undefined', undefined, ''],
    ['rule 4: all fields empty', { id: '', short_path: '', isWP: false }, ''],
    ['rule 4: null fields', { id: null, short_path: null, isWP: null }, ''],
  ])('%s', (_name, input, expected) => {
    expect(encodeBlogKey(input)).toBe(expected);
  });
});

describe('decodeBlogKey', () => {
  it.each([
    ['__wp__hello', { isWP: true, short_path: 'hello' }],
    ['how-a-vpn-works', { isWP: false, short_path: 'how-a-vpn-works' }],
    ['__sys-id__42', { id: '42', isWP: false, short_path: '' }],
    ['', { isWP: false, short_path: '' }],
  ])('%j', (key, expected) => {
    expect(decodeBlogKey(key)).toEqual(expected);
  });

  it('treats null and undefined as the empty key', () => {
    expect(decodeBlogKey(null)).toEqual({ isWP: false, short_path: '' });
    expect(decodeBlogKey(undefined)).toEqual({ isWP: false, short_path: '' });
  });

  it('round-trips every rule', () => {
    const inputs: BlogPostIdentifier[] = [
      { short_path: 'wp-post', isWP: true },
      { short_path: 'wp-post', isWP: 'true' },
      { short_path: 'plain-post', isWP: false },
      { id: '1234' },
    ];
    for (const input of inputs) {
      const decoded = decodeBlogKey(encodeBlogKey(input));
      expect(decoded.isWP).toBe(input.isWP === true || input.isWP === 'true');
      expect(decoded.short_path).toBe(input.short_path ?? '');
      expect(decoded.id).toBe(input.short_path ? undefined : input.id);
      expect(encodeBlogKey(decoded)).toBe(encodeBlogKey(input));
    }
  });
});
