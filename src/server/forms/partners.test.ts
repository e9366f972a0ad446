import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerApplications } from '@/server/db/schema';
import { type ErrorBody, mailTo, teamInbox, useFormsTestKit } from './test-kit';

const path = '/api/mms/partners/v1/applications';
const valid = {
  programme: 'influencer',
  name: 'Sam Creator',
  email: 'sam@example.com',
  channels: ['https://www.youtube.com/@samcreates', 'https://www.tiktok.com/@sam'],
  audience: 'Tech reviews in Portuguese, about 20,000 subscribers',
  country: 'Brazil',
  locale: 'pt',
};

describe('POST /api/mms/partners/v1/applications', () => {
  const kit = useFormsTestKit();
  const rows = () => kit.testDb().handle.db.select().from(partnerApplications);

  it('refuses each invalid field by name and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, programme: 'reseller' }, 'programme', 'invalid'],
      [{ ...valid, name: '' }, 'name', 'nameRequired'],
      [{ ...valid, email: undefined }, 'email', 'emailRequired'],
      [{ ...valid, email: 'sam at example.com' }, 'email', 'invalidEmail'],
      [{ ...valid, channels: [] }, 'channels', 'channelsRequired'],
      [{ ...valid, channels: ['javascript:alert(1)'] }, 'channels', 'invalidUrl'],
      [{ ...valid, audience: ' ' }, 'audience', 'audienceRequired'],
      [{ ...valid, country: '' }, 'country', 'countryRequired'],
    ];
    for (const [body, field, key] of cases) {
      const response = await kit.post(path, body);
      expect(response.status, `${field} ${key}`).toBe(400);
      const answer = (await response.json()) as ErrorBody;
      expect(answer.data?.fields?.[0]).toMatchObject({ field, key });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('stores an influencer application with the campaign cookie of the visit and mails both sides', async () => {
    const response = await kit.post(
      path,
      { ...valid, campaign: 'from-body' },
      { headers: { cookie: 'LANGUAGE=pt; inf_campaign=yt-sam_2024' } },
    );
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };
    const [row] = await kit
      .testDb()
      .handle.db.select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, data.id));
    expect(row).toMatchObject({
      programme: 'influencer',
      email: 'sam@example.com',
      channels: valid.channels,
      country: 'Brazil',
      campaign: 'yt-sam_2024',
      locale: 'pt',
    });
    expect(row?.notifiedAt).toBeInstanceOf(Date);
    const team = await mailTo(kit.smtp(), teamInbox);
    expect(team.raw).toMatch(/^Subject: Influencer application: Sam Creator/m);
    expect(team.text).toContain('https://www.tiktok.com/@sam');
    expect(team.text).toContain('Campaign link: yt-sam_2024');
    const copy = await mailTo(kit.smtp(), 'sam@example.com');
    // The applicant's copy is in their language; the team's is English.
    expect(copy.subject).toBe('Recebemos sua candidatura');
  });

  it('keeps a valid campaign from the body without a cookie, never for affiliates', async () => {
    const influencer = await kit.post(path, { ...valid, email: 'b@example.com', campaign: 'ig-b' });
    const affiliate = await kit.post(path, {
      ...valid,
      programme: 'affiliate',
      email: 'c@example.com',
      campaign: 'ig-c',
    });
    const tampered = await kit.post(
      path,
      { ...valid, email: 'd@example.com' },
      {
        headers: { cookie: 'inf_campaign=%3Cscript%3E' },
      },
    );
    expect([influencer.status, affiliate.status, tampered.status]).toEqual([201, 201, 201]);
    const byEmail = Object.fromEntries((await rows()).map((r) => [r.email, r.campaign]));
    expect(byEmail['b@example.com']).toBe('ig-b');
    expect(byEmail['c@example.com']).toBeNull();
    expect(byEmail['d@example.com']).toBeNull();
  });

  it('limits applications per email and programme', async () => {
    const body = { ...valid, email: 'many@example.com' };
    for (let i = 0; i < 3; i += 1) expect((await kit.post(path, body)).status).toBe(201);
    const limited = await kit.post(path, body);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorBody).data?.retry_after).toBeGreaterThan(0);
    const other = await kit.post(path, { ...body, programme: 'affiliate' });
    expect(other.status).toBe(201);
  });
});
