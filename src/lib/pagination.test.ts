import { describe, expect, it } from 'vitest';
import { parsePageNumber } from './pagination';

describe('parsePageNumber', () => {
  it('reads whole page numbers from 1', () => {
    expect(parsePageNumber('1')).toBe(1);
    expect(parsePageNumber('27')).toBe(27);
  });

  it.each(['0', '-1', '01', '1.5', 'abc', '', '1e3', '9999999', ' 2'])('refuses %j', (value) => {
    expect(parsePageNumber(value)).toBeNull();
  });
});
