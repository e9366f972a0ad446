import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '@/server/db/schema';
import { type ErrorBody, mailTo, teamInbox, useFormsTestKit } from './test-kit';

const path = '/api/mms/contact/v1/messages';
const valid = {
  email: 'reader@example.com',
  name: 'Ana <b>Silva</b>',
  inquiry: 'My Windows app stops at "Connecting".\nVersion 1.2.',
  topic: 'technical',
  locale: 'en',
};

describe('POST /api/mms/contact/v1/messages', () => {
  const kit = useFormsTestKit();

  it('refuses each invalid field with the spec’s message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ ...valid, email: '' }, 'email', 'emailRequired', 'Please Enter Email'],
      [{ ...valid, email: 'reader@' }, 'email', 'invalidEmail', '! Invalid Email provide'],
      [{ ...valid, name: '   ' }, 'name', 'nameRequired', 'Please enter your name'],
      [{ ...valid, inquiry: '' }, 'inquiry', 'inquiryRequired', 'Please enter your inquiry'],
      [
        { ...valid, inquiry: 'x'.repeat(5001) },
        'inquiry',
        'tooLong',
        'This is longer than we can accept. Please shorten it.',
      ],
      [
        { ...valid, topic: 'crypto' },
        'topic',
        'topicInvalid',
        'Please choose a topic from the list',
      ],
    ];
    for (const [body, field, key, text] of cases) {
      const response = await kit.post(path, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as ErrorBody;
      expect(answer.message).toBe(`Invalid request: ${field}: ${text}`);
      expect(answer.data?.fields).toEqual([{ field, key, message: text }]);
    }
    const all = await kit.post(path, {});
    expect(((await all.json()) as ErrorBody).data?.fields?.map((f) => f.key)).toEqual([
      'emailRequired',
      'nameRequired',
      'inquiryRequired',
    ]);
    const notJson = await kit.post(path, '{"email":');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as ErrorBody).message).toBe('Invalid JSON body');
    const noAppType = await kit.post(path, valid, { headers: { 'app-type': '' } });
    expect(noAppType.status).toBe(403);
    expect(await kit.testDb().handle.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('stores the message, mails the team (reply to the sender) and sends the sender a copy', async () => {
    const response = await kit.post(path, valid);
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };

    const [row] = await kit
      .testDb()
      .handle.db.select()
      .from(contactMessages)
      .where(eq(contactMessages.id, data.id));
    expect(row).toMatchObject({
      email: 'reader@example.com',
      name: 'Ana <b>Silva</b>',
      topic: 'technical',
      inquiry: valid.inquiry,
      locale: 'en',
    });
    expect(row?.notifiedAt).toBeInstanceOf(Date);

    const team = await mailTo(kit.smtp(), teamInbox);
    expect(team.raw).toMatch(/^Subject: Contact form \(Technical problem\): Ana <b>Silva<\/b>/m);
    expect(team.raw).toMatch(/^Reply-To: reader@example\.com/im);
    expect(team.text).toContain('> My Windows app stops at "Connecting".');
    // Visitor text is escaped in the HTML part.
    expect(team.raw).toContain('Ana &lt;b&gt;Silva&lt;/b&gt;');
    expect(team.raw).not.toContain('<b>Silva</b></p>');

    const copy = await mailTo(kit.smtp(), 'reader@example.com');
    expect(copy.raw).toMatch(/^Subject: We received your message/m);
    expect(copy.text).toContain('Hello Ana <b>Silva</b>,');
  });

  it('limits submissions per email and per address with a 429 and the wait', async () => {
    const ip = kit.newIp();
    for (let i = 0; i < 3; i += 1) {
      const response = await kit.post(
        path,
        { ...valid, email: 'limit@example.com' },
        { ip: kit.newIp() },
      );
      expect(response.status).toBe(201);
    }
    const limited = await kit.post(path, { ...valid, email: 'limit@example.com' }, { ip });
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as ErrorBody;
    expect(body.message).toBe('Too many submissions, please try again later');
    expect(body.data?.retry_after).toBeGreaterThan(3000);
    expect(limited.headers.get('retry-after')).toBe(String(body.data?.retry_after));

    for (let i = 0; i < 5; i += 1) {
      const response = await kit.post(path, { ...valid, email: `ip${i}@example.com` }, { ip });
      expect(response.status).toBe(201);
    }
    const byIp = await kit.post(path, { ...valid, email: 'other@example.com' }, { ip });
    expect(byIp.status).toBe(429);
  });
});
