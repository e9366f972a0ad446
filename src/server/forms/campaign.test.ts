import { describe, expect, it } from 'vitest';
import { campaignFrom } from './campaign';

const request = (cookie?: string) =>
  new Request('http://localhost/api/x', { headers: cookie ? { cookie } : {} });

describe('campaignFrom', () => {
  it('reads the visit’s influencer campaign from its cookie', () => {
    expect(campaignFrom(request('LANGUAGE=de; inf_campaign=yt-sam_24; other=1'))).toBe('yt-sam_24');
    expect(campaignFrom(request('inf_campaign=spring%2E24'))).toBe('spring.24');
  });

  it('treats a missing, malformed or tampered value as none', () => {
    expect(campaignFrom(request())).toBeNull();
    expect(campaignFrom(request('xinf_campaign=abc'))).toBeNull();
    expect(campaignFrom(request('inf_campaign=%3Cscript%3E'))).toBeNull();
    expect(campaignFrom(request('inf_campaign=%E0%A4%A'))).toBeNull();
    expect(campaignFrom(request(`inf_campaign=${'a'.repeat(65)}`))).toBeNull();
  });
});
