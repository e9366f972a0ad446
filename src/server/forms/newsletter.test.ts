import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@/server/db/schema';
import { type ErrorBody, mailTo, useFormsTestKit } from './test-kit';

const subscribePath = '/api/mms/newsletter/v1/subscribe';

function confirmTokenIn(text: string): string {
  const match = /\/api\/mms\/newsletter\/v1\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in:\n${text}`);
  return match[1];
}

function header(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('newsletter double opt-in and unsubscribe', () => {
  const kit = useFormsTestKit();
  const subscriber = async (email: string) => {
    const [row] = await kit
      .testDb()
      .handle.db.select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    return row;
  };
  const get = (path: string) =>
    kit.app.request(path, { headers: { 'x-forwarded-for': kit.newIp() } });

  it('refuses a missing or malformed email with the spec’s messages', async () => {
    for (const [email, key, text] of [
      ['', 'emailRequired', 'Please Enter Email'],
      ['nobody', 'invalidEmail', '! Invalid Email provide'],
    ] as const) {
      const response = await kit.post(subscribePath, { email });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).data?.fields).toEqual([
        { field: 'email', key, message: text },
      ]);
    }
    expect(await kit.testDb().handle.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it('confirms once by the mailed link, welcomes with one-click unsubscribe headers, then unsubscribes', async () => {
    const response = await kit.post(subscribePath, { email: ' Reader@Example.com ', locale: 'pt' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      code: 200,
      data: { status: 'confirmation_sent' },
    });
    expect(await subscriber('reader@example.com')).toMatchObject({
      status: 'pending',
      locale: 'pt',
    });

    const confirmation = await mailTo(kit.smtp(), 'reader@example.com');
    // In the reader's language.
    expect(confirmation.subject).toBe('Confirme sua inscrição na newsletter do Turbo VPN');
    const token = confirmTokenIn(confirmation.text);

    const confirmed = await get(`/api/mms/newsletter/v1/confirm?token=${token}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/pt/edmsub?confirmed=1');
    const row = await subscriber('reader@example.com');
    expect(row).toMatchObject({ status: 'confirmed', confirmTokenHash: null });
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    // Single use: the same link again, and an unknown one, lead to the page's error.
    for (const bad of [token, 'A'.repeat(43), 'short', '']) {
      const again = await get(`/api/mms/newsletter/v1/confirm?token=${bad}`);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe('/edmsub?confirmed=0');
    }

    const welcome = await mailTo(kit.smtp(), 'reader@example.com');
    expect(welcome.subject).toBe('Boas-vindas à newsletter do Turbo VPN');
    const unsubscribeToken = row?.unsubscribeToken ?? '';
    expect(header(welcome.raw, 'List-Unsubscribe')).toBe(
      `<http://localhost:3000/api/mms/newsletter/v1/unsubscribe?token=${unsubscribeToken}>`,
    );
    expect(header(welcome.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(welcome.text).toContain(`/pt/edmsub?unsubscribe=${unsubscribeToken}`);

    // Subscribing again while confirmed: the same answer, no mail, nothing changes.
    const repeat = await kit.post(subscribePath, { email: 'reader@example.com' });
    expect(repeat.status).toBe(200);
    expect((await subscriber('reader@example.com'))?.status).toBe('confirmed');

    // A browser opening the header's URL gets the page with the button, not an unsubscribe.
    const opened = await get(`/api/mms/newsletter/v1/unsubscribe?token=${unsubscribeToken}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/pt/edmsub?unsubscribe=${unsubscribeToken}`);
    expect((await subscriber('reader@example.com'))?.status).toBe('confirmed');

    // RFC 8058: the mail provider POSTs the fixed body, without the site's app-type header.
    const oneClick = await kit.app.request(
      `/api/mms/newsletter/v1/unsubscribe?token=${unsubscribeToken}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ data: { status: 'unsubscribed' } });
    const gone = await subscriber('reader@example.com');
    expect(gone?.status).toBe('unsubscribed');
    expect(gone?.unsubscribedAt).toBeInstanceOf(Date);

    const unknown = await kit.post(
      `/api/mms/newsletter/v1/unsubscribe?token=${'B'.repeat(43)}`,
      undefined,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).message).toBe('Unknown unsubscribe link');

    // Subscribing again after leaving starts a new double opt-in.
    expect((await kit.post(subscribePath, { email: 'reader@example.com' })).status).toBe(200);
    const again = await mailTo(kit.smtp(), 'reader@example.com');
    expect(confirmTokenIn(again.text)).not.toBe(token);
    expect((await subscriber('reader@example.com'))?.status).toBe('pending');
  });

  it('expires confirmation links after a week', async () => {
    await kit.post(subscribePath, { email: 'late@example.com' });
    const token = confirmTokenIn((await mailTo(kit.smtp(), 'late@example.com')).text);
    await kit
      .testDb()
      .handle.db.update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    const response = await get(`/api/mms/newsletter/v1/confirm?token=${token}`);
    expect(response.headers.get('location')).toBe('/edmsub?confirmed=0');
    expect((await subscriber('late@example.com'))?.status).toBe('pending');
  });

  it('limits confirmation mails per address', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await kit.post(subscribePath, { email: 'bomb@example.com' })).status).toBe(200);
    }
    const limited = await kit.post(subscribePath, { email: 'bomb@example.com' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorBody).data?.retry_after).toBeGreaterThan(0);
  });
});
