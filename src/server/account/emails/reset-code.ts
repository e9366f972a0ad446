import { escapeHtml } from '@/lib/escape-html';
import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { directionOf, type Locale } from '@/lib/locales';
import { brand } from '@/lib/site';
import type { MailMessage } from '@/server/mail';
import { codeLifetimeMinutes } from '../codes';

/** The password-reset code email in the reader's language: plain text and simple HTML. */
export async function resetCodeEmail(params: {
  to: string;
  code: string;
  locale: Locale;
}): Promise<MailMessage> {
  const messages = await loadMessages(params.locale);
  const t = createTranslator({ locale: params.locale, messages, namespace: 'Email' });
  const values = { brand: brand.name, minutes: codeLifetimeMinutes };
  const subject = t('resetCode.subject', values);
  const lines = {
    greeting: t('greeting'),
    intro: t('resetCode.intro', values),
    expiry: t('resetCode.expiry', values),
    ignore: t('resetCode.ignore', values),
    signature: t('signature', values),
  };
  const text = [
    lines.greeting,
    '',
    lines.intro,
    '',
    `    ${params.code}`,
    '',
    lines.expiry,
    lines.ignore,
    '',
    lines.signature,
  ].join('\n');
  const dir = directionOf(params.locale);
  const html = `<!doctype html>
<html lang="${params.locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1b3a">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.intro)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0" dir="ltr">${escapeHtml(params.code)}</p>
<p>${escapeHtml(lines.expiry)}</p>
<p>${escapeHtml(lines.ignore)}</p>
<p>${escapeHtml(lines.signature)}</p>
</div></body></html>`;
  return { to: params.to, subject, text, html };
}
