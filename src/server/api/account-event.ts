import type { Context } from 'hono';
import type { AccountEventKind } from '@/lib/account-events';
import { recordAccountEvent } from '@/server/account/activity';
import { requestClient } from '@/server/account/client-location';
import type { AuthEnv } from '@/server/session/middleware';

/** Records `kind` in the signed-in account's activity, with this request's browser and country. */
export async function recordSessionEvent<E extends AuthEnv>(
  c: Context<E>,
  kind: AccountEventKind,
): Promise<void> {
  await recordAccountEvent(c.var.db().db, c.var.auth.user.id, kind, await requestClient(c.req.raw));
}
