// Test setup shared by the forms' API tests: a real SMTP server that the site's mailer sends
// to, the test database, and a request function carrying the site's app-type header.
import { afterAll, beforeAll } from 'vitest';
import { type Locale, locales } from '@/lib/locales';
import { createApp } from '@/server/api/app';
import {
  decodeQuotedPrintable,
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
  textPart,
} from './smtp-server';
import { useTestDb } from './test-db';

export const teamInbox = 'team@forms-test.example';

/**
 * Registers the SMTP server before the database so the configuration (read once, at the first
 * mail) sees SMTP_URL. Returns accessors for both and a `post` function.
 */
export function useFormsTestKit() {
  let smtp: TestSmtpServer | undefined;
  const previous = { SMTP_URL: process.env.SMTP_URL, TEAM_INBOX: process.env.TEAM_INBOX };
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    process.env.SMTP_URL = smtp.url;
    process.env.TEAM_INBOX = teamInbox;
  });
  afterAll(async () => {
    process.env.SMTP_URL = previous.SMTP_URL;
    process.env.TEAM_INBOX = previous.TEAM_INBOX;
    await smtp?.close();
  });
  const testDb = useTestDb();
  const app = createApp({ db: () => testDb().handle });
  let ipCounter = 0;
  const nextIp = (prefix: string) => {
    ipCounter += 1;
    return `${prefix}.${ipCounter % 250}`;
  };

  return {
    testDb,
    app,
    smtp: () => {
      if (!smtp) throw new Error('SMTP server not started');
      return smtp;
    },
    /** A fresh client address per call unless one is given, so limits only bite when meant to. */
    newIp: () => nextIp('203.0.113'),
    post(
      path: string,
      body: unknown,
      options: { ip?: string; headers?: Record<string, string> } = {},
    ) {
      return app.request(path, {
        method: 'POST',
        headers: {
          'app-type': '502',
          'content-type': 'application/json',
          'x-forwarded-for': options.ip ?? nextIp('198.51.100'),
          ...options.headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
  };
}

/** The Subject header, unfolded, with RFC 2047 encoded words (=?UTF-8?B|Q?…?=) decoded. */
export function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = header.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/im)?.[1] ?? '';
  return line
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/**
 * What a spammer types into a form that mails the address given, with a victim's address as that
 * address: none of it may reach the victim. `typed` lists the strings to look for.
 */
const spamUrl = 'https://cheap-pills.example/buy?ref=4242';
export const spam = {
  url: spamUrl,
  name: `Claim your prize at ${spamUrl} now`,
  text: [
    'CONGRATULATIONS, you won a free phone!',
    `Visit ${spamUrl} and enter code PRIZE-4242.`,
    `<a href="${spamUrl}">Collect it here</a>`,
  ].join('\n'),
  typed: [spamUrl, 'cheap-pills', 'PRIZE-4242', 'Collect it here', 'free phone'],
};

/** Every locale, English and Arabic (right to left) first. */
export const localesEnArFirst: Locale[] = [
  'en',
  'ar',
  ...locales.filter((locale) => locale !== 'en' && locale !== 'ar'),
];

/**
 * The decoded text/plain and text/html parts of a raw mail, whatever their transfer encoding
 * (nodemailer picks base64 for mostly non-Latin text), with line ends as `\n`.
 */
export function mailParts(raw: string): { text: string; html: string } {
  const parts = { text: '', html: '' };
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const sections = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const trimmed = section.replace(/^\r?\n/, '');
    const gap = /\r?\n\r?\n/.exec(trimmed);
    if (!gap) continue;
    const headers = trimmed.slice(0, gap.index).replace(/\r?\n[ \t]+/g, ' ');
    const body = decodeBody(
      headers,
      trimmed.slice(gap.index + gap[0].length).replace(/\r?\n$/, ''),
    );
    const type = /^content-type:\s*([\w/+-]+)/im.exec(headers)?.[1]?.toLowerCase();
    if (type === 'text/plain') parts.text = body.replace(/\r\n/g, '\n');
    if (type === 'text/html') parts.html = body.replace(/\r\n/g, '\n');
  }
  return parts;
}

/** Waits for mails until one goes to `to` (mails to others are skipped), with its decoded parts. */
export async function mailTo(
  smtp: TestSmtpServer,
  to: string,
): Promise<ReceivedMail & { text: string; html: string; subject: string }> {
  for (let i = 0; i < 10; i += 1) {
    const mail = await smtp.nextMail();
    if (mail.to.includes(to)) {
      const parts = mailParts(mail.raw);
      return {
        ...mail,
        ...parts,
        text: parts.text || textPart(mail.raw),
        subject: subjectOf(mail.raw),
      };
    }
  }
  throw new Error(`no mail to ${to}`);
}

export interface ErrorBody {
  code: number;
  message: string;
  data?: { fields?: { field: string; key: string; message: string }[]; retry_after?: number };
}
