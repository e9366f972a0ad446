import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { webhookEvents } from '@/server/db/schema';

// Provider webhook deliveries already handled. Global by design: they belong to the provider,
// not to an account.

export interface WebhookEventParams {
  eventId: string;
}

/** The handled delivery with this event id, or undefined when it is new. */
export async function findWebhookEvent(db: Db, params: WebhookEventParams) {
  const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, params.eventId));
  return seen;
}

export interface RecordWebhookEventParams {
  eventId: string;
  provider: string;
  eventType: string;
}

/** Records a delivery as handled (a second record of the same event changes nothing). */
export async function recordWebhookEvent(db: Db, params: RecordWebhookEventParams): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({ id: params.eventId, provider: params.provider, eventType: params.eventType })
    .onConflictDoNothing();
}
