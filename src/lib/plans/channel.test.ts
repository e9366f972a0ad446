import { describe, expect, it } from 'vitest';
import { channelOrder } from './channel';

describe('the channel order', () => {
  it('tries the query, then the cookie, then X-From', () => {
    expect(channelOrder({ query: 'q', cookie: 'c', from: 'f' })).toEqual(['q', 'c', 'f']);
    expect(channelOrder({ cookie: 'c', from: 'f' })).toEqual([undefined, 'c', 'f']);
    expect(channelOrder({ query: '', cookie: null })).toEqual([undefined, undefined, undefined]);
  });
});
