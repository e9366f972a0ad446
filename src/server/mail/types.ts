/** One email, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) or Reply-To; the outbox ignores them. */
  headers?: Readonly<Record<string, string>>;
  /** Files sent with the mail (a receipt's PDF). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends mail; the adapter is chosen from the configuration (see mail/index.ts). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Checks that mail can be handed over now (SMTP: connect and greet, no mail); throws if not. */
  verify?(): Promise<void>;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}
