import { describe, expect, it } from 'vitest';
import { paySuccessBlocks } from './pay-success-steps';

describe('paySuccessBlocks', () => {
  it('shows only the ways on to an account that has a password', () => {
    expect(paySuccessBlocks({ hadPassword: true, passwordSet: true, madeAccount: false })).toEqual([
      'links',
    ]);
    expect(paySuccessBlocks({ hadPassword: true, passwordSet: true, madeAccount: true })).toEqual([
      'links',
    ]);
  });

  it('puts the set-password step first, then the ways on, for an account without one', () => {
    expect(paySuccessBlocks({ hadPassword: false, passwordSet: false, madeAccount: true })).toEqual(
      ['intro', 'password', 'links'],
    );
    expect(
      paySuccessBlocks({ hadPassword: false, passwordSet: false, madeAccount: false }),
    ).toEqual(['password', 'links']);
  });

  it('confirms a password chosen on the page', () => {
    expect(paySuccessBlocks({ hadPassword: false, passwordSet: true, madeAccount: true })).toEqual([
      'done',
      'links',
    ]);
  });

  it('always ends with the ways on, so they never move above the step on a reload', () => {
    for (const hadPassword of [true, false]) {
      for (const passwordSet of [true, false]) {
        for (const madeAccount of [true, false]) {
          const blocks = paySuccessBlocks({ hadPassword, passwordSet, madeAccount });
          expect(blocks.at(-1)).toBe('links');
          expect(blocks.filter((block) => block === 'links')).toHaveLength(1);
        }
      }
    }
  });
});
