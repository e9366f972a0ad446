import { describe, expect, it } from 'vitest';
import { emailParts } from './email-parts';

describe('emailParts', () => {
  it('cuts before the @ and before every dot', () => {
    expect(emailParts('demo@turbovpn.local')).toEqual(['demo', '@turbovpn', '.local']);
    expect(emailParts('ann.lee@mail.example.co.uk')).toEqual([
      'ann',
      '.lee',
      '@mail',
      '.example',
      '.co',
      '.uk',
    ]);
  });

  it('gives the address back when joined, whatever it looks like', () => {
    for (const email of ['a@b', 'plain', '', '.x@y.', 'a..b@@c', 'ünï@cödé.de']) {
      expect(emailParts(email).join('')).toBe(email);
    }
  });

  it('never makes an empty part', () => {
    expect(emailParts('.start@x')).toEqual(['.start', '@x']);
    expect(emailParts('')).toEqual([]);
  });
});
