import { describe, expect, it } from 'vitest';
import { claimValues } from './claim-values';

describe('claimValues', () => {
  it('formats the claims of spec 1 for each locale', () => {
    const en = claimValues('en');
    expect(en).toMatchObject({
      servers: '21,000',
      locations: '111',
      countries: '45',
      users: '300 million',
      encryption: 'AES-256',
      days: '30',
      months: '24',
      discount: '65',
      price: '4.17',
    });
    expect(claimValues('de')).toMatchObject({ servers: '21.000', price: '4,17' });
  });
});
