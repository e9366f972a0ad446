import { describe, expect, it } from 'vitest';
import { readAttribution } from './attribution';

const utm = encodeURIComponent(
  JSON.stringify({ utm_source: 'newsletter', utm_campaign: 'spring-24', front_id: 'f-1' }),
);

describe('readAttribution', () => {
  it('reads every attribution cookie of a request', () => {
    const request = new Request('http://localhost/api/x', {
      headers: {
        cookie: `LANGUAGE=de; utm_tags=${utm}; channel=partner7; cje=CJ123; cje-client=CJ123; cf-click=CF9; _aid=AD55`,
      },
    });
    expect(readAttribution(request)).toEqual({
      utm: { utm_source: 'newsletter', utm_campaign: 'spring-24', front_id: 'f-1' },
      channel: 'partner7',
      cje: 'CJ123',
      cf_click: 'CF9',
      aid: 'AD55',
    });
  });

  it('gives nulls without cookies', () => {
    expect(readAttribution(null)).toEqual({
      utm: null,
      channel: null,
      cje: null,
      cf_click: null,
      aid: null,
    });
  });

  it('drops malformed and unsafe values instead of throwing', () => {
    const header = [
      'utm_tags=%7Bnot-json',
      'channel=%E0%A4%A',
      `cje=${'x'.repeat(300)}`,
      'cf-click=<script>',
      `_aid=${encodeURIComponent('a;b')}`,
    ].join('; ');
    expect(readAttribution(header)).toEqual({
      utm: null,
      channel: null,
      cje: null,
      cf_click: null,
      aid: null,
    });
  });

  it('requires a front_id and ignores unknown UTM keys', () => {
    const noFront = encodeURIComponent(JSON.stringify({ utm_source: 'x' }));
    expect(readAttribution(`utm_tags=${noFront}`).utm).toBeNull();
    const extra = encodeURIComponent(JSON.stringify({ utm_source: 'x', evil: 'y', front_id: 'f' }));
    expect(readAttribution(`utm_tags=${extra}`).utm).toEqual({ utm_source: 'x', front_id: 'f' });
  });
});
