import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isLocale, type Locale, localeCookieName } from '@/lib/locales';
import { callerLocation } from '@/server/account/client-location';
import { deleteAccount } from '@/server/account/deletion';
import { confirmEmailChange, requestEmailChange } from '@/server/account/email-change';
import { accountDeletedEmail } from '@/server/account/emails/account-notices';
import { accountExport } from '@/server/account/queries/export';
import { assertRecentlyAuthenticated, reauthenticate } from '@/server/account/reauth';
import {
  deleteAccountSchema,
  emailChangeSchema,
  emailConfirmSchema,
} from '@/server/account/schemas';
import { logger } from '@/server/log';
import { mailDelayed } from '@/server/mail/errors';
import { mailerFor } from '@/server/mail/mailer-for';
import { sendQueued } from '@/server/mail/queue';
import { clearSessionCookies } from '@/server/session/cookies';
import { type AuthEnv, requireSession } from '@/server/session/middleware';
import { recordSessionEvent } from '../account-event';
import { ok } from '../envelope';
import { requireRecentAuth } from '../middleware/recent-auth';
import { validate } from '../validate';

export const accountPrivacyRoutes = new Hono<AuthEnv>();

function mailLocale(language: Locale | undefined, cookie: string | undefined): Locale {
  return language ?? (isLocale(cookie) ? cookie : 'en');
}

// POST /api/mms/account/v1/web/email/change – { new_email, password? } mails a code to new_email
accountPrivacyRoutes.post(
  '/web/email/change',
  requireSession(),
  validate('json', emailChangeSchema),
  async (c) => {
    const { new_email, password, language } = c.req.valid('json');
    const { user, session } = c.var.auth;
    const db = c.var.db().db;
    // The password given here is a re-authentication; without it, one of the last 5 minutes.
    if (password !== undefined) await reauthenticate(db, { user, session, password });
    else await assertRecentlyAuthenticated(db, user, session);
    const { limitKey } = await callerLocation(c.req.raw);
    const { mailAvailable } = await requestEmailChange(db, {
      user,
      newEmail: new_email,
      locale: mailLocale(language, getCookie(c, localeCookieName)),
      ipKey: limitKey,
    });
    if (!mailAvailable) throw mailDelayed();
    return ok(c, { sent: true });
  },
);

// POST /api/mms/account/v1/web/email/confirm – { code } → { email }: the account's new address
accountPrivacyRoutes.post(
  '/web/email/confirm',
  requireSession(),
  validate('json', emailConfirmSchema),
  async (c) => {
    const { code, language } = c.req.valid('json');
    const email = await confirmEmailChange(c.var.db().db, {
      user: c.var.auth.user,
      code,
      locale: mailLocale(language, getCookie(c, localeCookieName)),
    });
    await recordSessionEvent(c, 'email_changed');
    return ok(c, { email });
  },
);

// GET /api/mms/account/v1/web/export – everything held about the account, one JSON download
accountPrivacyRoutes.get('/web/export', requireSession(), requireRecentAuth(), async (c) => {
  const document = await accountExport(c.var.db().db, c.var.auth.user.id);
  await recordSessionEvent(c, 'data_exported');
  c.header(
    'Content-Disposition',
    `attachment; filename="turbovpn-account-${document.exported_at.slice(0, 10)}.json"`,
  );
  return ok(c, document);
});

// POST /api/mms/account/v1/web/delete – { confirm: "DELETE" } (recent auth): the account is gone
accountPrivacyRoutes.post(
  '/web/delete',
  requireSession(),
  requireRecentAuth(),
  validate('json', deleteAccountSchema),
  async (c) => {
    const db = c.var.db().db;
    const { email } = await deleteAccount(db, c.var.payments(), { userId: c.var.auth.user.id });
    clearSessionCookies(c);
    try {
      const locale = mailLocale(c.req.valid('json').language, getCookie(c, localeCookieName));
      await sendQueued(db, mailerFor(db), await accountDeletedEmail({ to: email, locale }), {
        kind: 'account-deleted',
      });
    } catch (error: unknown) {
      // The account is gone either way; the queue retries a mail that was stored.
      logger.error({ area: 'account', err: error }, 'account deletion mail failed');
    }
    return ok(c, { deleted: true });
  },
);
