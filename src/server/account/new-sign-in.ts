import 'server-only';
import type { Locale } from '@/lib/locales';
import type { Db } from '@/server/db/client';
import type { User } from '@/server/db/schema';
import { logger } from '@/server/log';
import type { Mailer } from '@/server/mail';
import { mailerFor } from '@/server/mail/mailer-for';
import { sendQueued } from '@/server/mail/queue';
import { setSessionEndToken } from '@/server/session/queries';
import type { SessionClient } from '@/server/session/service';
import { hashToken, newSessionToken } from '@/server/session/tokens';
import { browserFamily, describeUserAgent } from '@/server/session/user-agent';
import { activityDays } from './activity';
import { newSignInEmail } from './emails/new-sign-in';
import { listAccountEvents } from './queries';

/**
 * Mails the account when it was just signed in (session `sessionId`) from a browser none of its
 * sign-ins of the last 90 days used (same browser and operating system, whatever the versions).
 * The account's first known sign-in is not announced.
 * Never throws: a failure is logged.
 */
export async function mailNewBrowserSignIn(
  db: Db,
  params: {
    user: User;
    /** The new session: sign-ins before it are compared. */
    session: { id: string; createdAt: Date };
    client?: SessionClient;
    locale: Locale;
    mailer?: Mailer;
  },
): Promise<void> {
  try {
    const family = browserFamily(params.client?.userAgent);
    if (!family || !params.client) return;
    const now = new Date();
    const since = new Date(now.getTime() - activityDays * 24 * 3600 * 1000);
    const events = await listAccountEvents(db, { userId: params.user.id, since, limit: 200 });
    const logins = events.filter(
      (event) => event.kind === 'login' && event.createdAt < params.session.createdAt,
    );
    if (logins.length === 0) return;
    if (logins.some((event) => browserFamily(event.userAgent) === family)) return;
    // The mail's one-click "sign that browser out": a token that ends this session only, once.
    const endToken = newSessionToken();
    await setSessionEndToken(db, { sessionId: params.session.id, tokenHash: hashToken(endToken) });
    const message = await newSignInEmail({
      endToken,
      to: params.user.email,
      locale: params.locale,
      ...describeUserAgent(params.client.userAgent),
      country: params.client.country,
      at: now,
    });
    await sendQueued(db, params.mailer ?? mailerFor(db), message, {
      kind: 'new-sign-in',
      dedupeKey: `new-sign-in:${params.session.id}`,
    });
  } catch (error: unknown) {
    logger.error({ area: 'account', err: error }, 'new sign-in mail failed');
  }
}
