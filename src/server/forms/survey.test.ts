import { describe, expect, it } from 'vitest';
import { surveyResponses } from '@/server/db/schema';
import {
  type ErrorBody,
  mailTo,
  teamInbox,
  useFormsTestKit,
} from '../../../tests/support/forms-api';

const path = '/api/mms/survey/v1/uninstall';

describe('POST /api/mms/survey/v1/uninstall', () => {
  const kit = useFormsTestKit();
  const rows = () => kit.testDb().handle.db.select().from(surveyResponses);

  it('refuses an empty answer, unknown reasons and bad versions', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'reasons', 'reasonRequired'],
      [{ reasons: [], comment: '   ' }, 'reasons', 'reasonRequired'],
      [{ reasons: ['hate-it'] }, 'reasons', 'reasonInvalid'],
      [{ reasons: 'slow' }, 'reasons', 'reasonInvalid'],
      [{ reasons: ['slow'], comment: 'x'.repeat(2001) }, 'comment', 'tooLong'],
      [{ reasons: ['slow'], version: '<1>' }, 'version', 'invalid'],
    ];
    for (const [body, field, key] of cases) {
      const response = await kit.post(path, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await response.json()) as ErrorBody).data?.fields?.[0]).toMatchObject({
        field,
        key,
      });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('stores the reasons and comment and tells the team', async () => {
    const response = await kit.post(path, {
      reasons: ['slow', 'tooManyAds', 'slow'],
      comment: 'Pages took ages to load.',
      version: '2.4.1',
      locale: 'ar',
    });
    expect(response.status).toBe(201);
    expect(await rows()).toEqual([
      expect.objectContaining({
        reasons: ['slow', 'tooManyAds'],
        comment: 'Pages took ages to load.',
        version: '2.4.1',
        locale: 'ar',
      }),
    ]);
    const team = await mailTo(kit.smtp(), teamInbox);
    expect(team.raw).toMatch(/^Subject: Extension uninstall survey/m);
    expect(team.text).toContain('Browsing was too slow; Too many ads');
    expect(team.text).toContain('> Pages took ages to load.');
  });

  it('limits answers per address', async () => {
    const ip = kit.newIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await kit.post(path, { reasons: ['other'] }, { ip })).status).toBe(201);
    }
    expect((await kit.post(path, { reasons: ['other'] }, { ip })).status).toBe(429);
  });
});
