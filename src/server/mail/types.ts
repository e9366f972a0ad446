/** One email, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; the adapter is chosen from the configuration (see mail/index.ts). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}
