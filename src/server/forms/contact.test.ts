import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { directionOf } from '@/lib/locales';
import { contactMessages } from '@/server/db/schema';
import {
  type ErrorBody,
  localesEnArFirst,
  mailTo,
  spam,
  teamInbox,
  useFormsTestKit,
} from '../../../tests/support/forms-api';
import { contactAcknowledgement } from './contact';
import { formText } from './texts';

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

  it('stores the message, mails the team (reply to the sender) and acknowledges to the sender', async () => {
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

    const ack = await mailTo(kit.smtp(), 'reader@example.com');
    expect(ack.subject).toBe('We received your message');
    expect(ack.text).toBe(
      [
        'Thank you for contacting Turbo VPN. We have received your message and will reply to this email address. Our support team answers 24/7, every day of the year.',
        'If you did not contact us, you can ignore this email.',
        'The Turbo VPN team\n',
      ].join('\n\n'),
    );
    expect(ack.html).toContain('<html dir="ltr">');
    expect(ack.raw).not.toMatch(/^Reply-To:/im);
  });

  it('acknowledges with a fixed text in the sender’s language that repeats nothing they typed', async () => {
    // A spammer types their advert into the form and a victim's address as the sender: our
    // server must not carry the advert to the victim (and the topic is a fixed choice).
    const { name, text: inquiry } = spam;
    const refused = await kit.post(path, {
      ...valid,
      email: 'victim-topic@example.net',
      topic: `Visit ${spam.url}`,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).data?.fields?.[0]?.key).toBe('topicInvalid');

    for (const locale of localesEnArFirst) {
      const victim = `victim-${locale.toLowerCase()}@example.net`;
      const response = await kit.post(path, {
        email: victim,
        name,
        inquiry,
        topic: 'billing',
        locale,
      });
      expect(response.status, locale).toBe(201);

      // The team still gets all of it, to read and answer.
      const team = await mailTo(kit.smtp(), teamInbox);
      expect(team.subject).toBe(`Contact form (Billing and payments): ${name}`);
      expect(team.text).toContain(`Name: ${name}`);
      for (const line of inquiry.split('\n')) expect(team.text).toContain(`> ${line}`);
      expect(team.html).toContain(
        '&lt;a href=&quot;https://cheap-pills.example/buy?ref=4242&quot;&gt;',
      );
      expect(team.raw).toMatch(new RegExp(`^Reply-To: ${victim}`, 'im'));

      // The victim gets the fixed acknowledgement of their language: nothing they typed.
      const ack = await mailTo(kit.smtp(), victim);
      const topicLabels = [
        'billing',
        'Billing and payments',
        (await formText(locale, 'Contact'))('topics.billing'),
      ];
      for (const part of [ack.subject, ack.text, ack.html]) {
        for (const text of [name, ...spam.typed, ...inquiry.split('\n'), ...topicLabels]) {
          expect(part.toLowerCase(), `${locale}: ${text}`).not.toContain(text.toLowerCase());
        }
      }
      const expected = await contactAcknowledgement(victim, locale);
      expect(ack.subject, locale).toBe(expected.subject);
      expect(ack.text, locale).toBe(expected.text);
      expect(ack.html, locale).toBe(expected.html);
      expect(ack.html).toContain(`<html dir="${directionOf(locale)}">`);
    }
  });

  it('acknowledges in Arabic, right to left', async () => {
    await kit.post(path, { ...valid, email: 'arabic@example.com', locale: 'ar' });
    await mailTo(kit.smtp(), teamInbox);
    const ack = await mailTo(kit.smtp(), 'arabic@example.com');
    expect(ack.subject).toBe('تلقينا رسالتك');
    expect(ack.text).toContain('شكرًا لتواصلك مع Turbo VPN.');
    expect(ack.text).toContain('فريق Turbo VPN');
    expect(ack.html).toContain('<html dir="rtl">');
    expect(ack.text).not.toContain('Ana');
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

  it('counts IPv6 clients by their /64: addresses of one /64 share the limit, other /64s do not', async () => {
    const send = (ip: string, n: number) =>
      kit.post(path, { ...valid, email: `v6-${n}@example.com` }, { ip });
    // Five different addresses of 2001:db8:77:1::/64 use up its allowance (5 an hour)…
    const sameNetwork = [
      '2001:db8:77:1::1',
      '2001:db8:77:1::2',
      '2001:db8:77:1:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0077:0001:0000:0000:0000:0003',
      '2001:db8:77:1:ffff::9',
    ];
    for (const [n, ip] of sameNetwork.entries()) expect((await send(ip, n)).status).toBe(201);
    // …so a sixth address of that /64 is refused,
    expect((await send('2001:db8:77:1:1234:5678:9abc:def0', 5)).status).toBe(429);
    // while the neighbouring /64s (even the same /48) count on their own.
    expect((await send('2001:db8:77:2::1', 6)).status).toBe(201);
    expect((await send('2001:db8:77:0:ffff:ffff:ffff:ffff', 7)).status).toBe(201);
    // An IPv4 address still counts alone.
    expect((await send(kit.newIp(), 8)).status).toBe(201);
  });
});
