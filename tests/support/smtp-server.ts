// A real SMTP server in the test process (smtp-server): tests send through nodemailer and read
// what arrived, so the SMTP adapter is proven against the protocol, not a mock.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next mail to arrive (or the first one already there, not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(
  /** port: listen there (a server restarted on the address a mailer already uses); default any. */
  options: { rejectWith?: string; port?: number } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.rejectWith) {
          callback(new Error(options.rejectWith));
          return;
        }
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        waiters.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMail(timeoutMs = 5000) {
      const ready = received[taken];
      if (ready) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          taken += 1;
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable (RFC 2045) to text: soft line breaks removed, =XX bytes read as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');
}

/**
 * The decoded text/plain part of a raw message: quoted-printable, base64 (what nodemailer picks
 * for mostly non-Latin text, e.g. Arabic) or 7bit.
 */
export function textPart(raw: string): string {
  const match =
    /(Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
      raw,
    );
  const headers = match?.[1] ?? '';
  const body = match?.[2] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(headers || raw)) return body;
  return decodeQuotedPrintable(body);
}
