import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld';

describe('serializeJsonLd', () => {
  it('cannot close the script element and still parses to the same data', () => {
    const data = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: '</script><script>alert(1)</script> & \u2028',
    } as const;
    const text = serializeJsonLd(data);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
