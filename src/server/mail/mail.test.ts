import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestSmtpServer,
  type TestSmtpServer,
  textPart,
} from '../../../tests/support/smtp-server';
import { useTestDb } from '../../../tests/support/test-db';
import { createOutboxMailer } from './outbox';
import { outboxFor } from './queries';
import { createSmtpMailer } from './smtp';
import { MailDeliveryError } from './types';

const message = {
  to: 'reader@example.com',
  subject: 'Your code',
  text: 'Your code is 123456. It expires in 10 minutes — ünïcode kept.',
  html: '<p>Your code is <strong>123456</strong>.</p>',
};

describe('SMTP mailer', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers a multipart message to a real SMTP server', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Turbo VPN <no-reply@turbovpn.local>');
    await mailer.send(message);
    const mail = await smtp.nextMail();
    expect(mail.from).toBe('no-reply@turbovpn.local');
    expect(mail.to).toEqual(['reader@example.com']);
    expect(mail.raw).toContain('Subject: Your code');
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(textPart(mail.raw)).toContain(
      'Your code is 123456. It expires in 10 minutes — ünïcode kept.',
    );
  });

  it('reports a refusal as a MailDeliveryError', async () => {
    const refusing = await startTestSmtpServer({ rejectWith: 'mailbox full' });
    try {
      const mailer = createSmtpMailer(refusing.url, 'no-reply@turbovpn.local');
      await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
    } finally {
      await refusing.close();
    }
  });
});

describe('outbox mailer', () => {
  const testDb = useTestDb();

  it('stores and logs the mail', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer(
      () => testDb().handle.db,
      (line) => lines.push(line),
    );
    await mailer.send(message);
    const [stored] = await outboxFor(testDb().handle.db, 'reader@example.com');
    expect(stored).toMatchObject({ subject: 'Your code', text: message.text, html: message.html });
    expect(lines[0]).toContain('to reader@example.com: Your code');
  });
});
