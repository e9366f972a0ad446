import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { directionOf } from '@/lib/locales';
import { partnerApplications } from '@/server/db/schema';
import {
  type ErrorBody,
  localesEnArFirst,
  mailTo,
  spam,
  teamInbox,
  useFormsTestKit,
} from '../../../tests/support/forms-api';
import { partnerAcknowledgement } from './partners';
import { formText } from './texts';

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

  it('stores an influencer application with the campaign cookie of the visit, mails the team and acknowledges to the applicant', async () => {
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
    expect(team.raw).toMatch(/^Reply-To: sam@example\.com/im);
    expect(team.text).toContain('https://www.tiktok.com/@sam');
    expect(team.text).toContain('Campaign link: yt-sam_2024');
    // The applicant gets a fixed acknowledgement in their language; the team's mail is English.
    const ack = await mailTo(kit.smtp(), 'sam@example.com');
    expect(ack.subject).toBe('Recebemos sua candidatura');
    expect(ack.text).toBe(
      [
        'Obrigado por se candidatar ao programa de influenciadores do Turbo VPN. Recebemos sua candidatura. Analisamos cada candidatura pessoalmente e vamos escrever para você neste endereço.',
        'Se você não se candidatou, ignore este e-mail.',
        'Equipe Turbo VPN\n',
      ].join('\n\n'),
    );
    expect(ack.html).toContain('<html dir="ltr">');
    expect(ack.raw).not.toMatch(/^Reply-To:/im);
    for (const typed of ['Sam', 'youtube', 'tiktok', 'Portuguese', 'Brazil', 'yt-sam']) {
      expect(ack.raw).not.toContain(typed);
    }
  });

  it('acknowledges with a fixed text in the applicant’s language that repeats nothing they typed', async () => {
    // A spammer types their advert into the form and a victim's address as the applicant's:
    // our server must not carry the advert to the victim (the programme is a fixed choice).
    const { url: spamUrl, name, text: audience } = spam;
    const otherUrl = 'http://win-a-phone.example/claim';
    const country = 'Call +1 555 0199 for your reward';
    const campaign = 'PRIZE-4242_promo';
    const refused = await kit.post(path, {
      ...valid,
      email: 'victim-programme@example.net',
      programme: `Visit ${spamUrl}`,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).data?.fields?.[0]?.key).toBe('invalid');

    for (const locale of localesEnArFirst) {
      const victim = `victim-${locale.toLowerCase()}@example.net`;
      const response = await kit.post(path, {
        programme: 'influencer',
        name,
        email: victim,
        channels: [spamUrl, otherUrl],
        audience,
        country,
        campaign,
        locale,
      });
      expect(response.status, locale).toBe(201);

      // The team still gets all of it, to read and answer.
      const team = await mailTo(kit.smtp(), teamInbox);
      expect(team.subject).toBe(`Influencer application: ${name}`);
      expect(team.text).toContain(`Your name: ${name}`);
      expect(team.text).toContain(`Links to your channels or website: ${spamUrl}\n${otherUrl}`);
      for (const line of audience.split('\n')) expect(team.text).toContain(line);
      expect(team.text).toContain(`Country where you are based: ${country}`);
      expect(team.text).toContain(`Campaign link: ${campaign}`);
      expect(team.text).toContain(`Language: ${locale}`);
      expect(team.html).toContain(
        '&lt;a href=&quot;https://cheap-pills.example/buy?ref=4242&quot;&gt;',
      );
      expect(team.raw).toMatch(new RegExp(`^Reply-To: ${victim}`, 'im'));

      // The victim gets the fixed acknowledgement of their language: nothing they typed.
      const ack = await mailTo(kit.smtp(), victim);
      const typed = [
        name,
        ...spam.typed,
        otherUrl,
        'win-a-phone',
        country,
        '555 0199',
        campaign,
        victim,
        ...audience.split('\n'),
      ];
      for (const part of [ack.subject, ack.text, ack.html]) {
        for (const text of typed) {
          expect(part.toLowerCase(), `${locale}: ${text}`).not.toContain(text.toLowerCase());
        }
      }
      expect(ack.raw).not.toMatch(/^Reply-To:/im);
      const expected = await partnerAcknowledgement(victim, locale, 'influencer');
      expect(ack.subject, locale).toBe(expected.subject);
      expect(ack.text, locale).toBe(expected.text);
      expect(ack.html, locale).toBe(expected.html);
      expect(ack.html).toContain(`<html dir="${directionOf(locale)}">`);
      const t = await formText(locale, 'Forms');
      expect(ack.subject, locale).toBe(t('partner.mail.senderSubject'));
      expect(ack.text, locale).toContain(t('partner.mail.programmes.influencer'));
      expect(ack.text, locale).toContain(t('mailSignature'));

      if (locale === 'en') {
        expect(ack.subject).toBe('We received your application');
        expect(ack.text).toBe(
          [
            'Thank you for applying to the Turbo VPN influencer program. We have received your application and review every one by hand; we will write to you at this address.',
            'If you did not apply, you can ignore this email.',
            'The Turbo VPN team\n',
          ].join('\n\n'),
        );
      }
      if (locale === 'ar') {
        expect(ack.subject).toBe('تلقينا طلبك');
        expect(ack.text).toContain('شكرًا لتقديمك طلب الانضمام إلى Turbo VPN (برنامج المؤثرين).');
        expect(ack.text).toContain('إذا لم تقدّم طلبًا، فيمكنك تجاهل هذا البريد الإلكتروني.');
        expect(ack.text).toContain('فريق Turbo VPN');
        expect(ack.html).toContain('<html dir="rtl">');
      }
    }
  });

  it('acknowledges an affiliate application with the affiliate programme’s name', async () => {
    const response = await kit.post(path, {
      ...valid,
      programme: 'affiliate',
      email: 'affiliate-ack@example.com',
      locale: 'en',
    });
    expect(response.status).toBe(201);
    const team = await mailTo(kit.smtp(), teamInbox);
    expect(team.subject).toBe('Affiliate application: Sam Creator');
    const ack = await mailTo(kit.smtp(), 'affiliate-ack@example.com');
    expect(ack.text).toContain('Thank you for applying to the Turbo VPN affiliate program.');
    expect(ack.text).not.toContain('Sam');
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
