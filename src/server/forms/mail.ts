import { escapeHtml } from '@/lib/escape-html';
import 'server-only';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { logger } from '@/server/log';
import { getMailer, type MailMessage } from '@/server/mail';
import { sendQueued } from '@/server/mail/queue';

// Visitors' words end up in subjects: no line breaks (header injection) and a sane length.
export function subjectText(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > 150 ? `${flat.slice(0, 149)}…` : flat;
}

/** A block of a mail: a paragraph, a labelled value, a quoted message or a link. */
export type MailBlock =
  | { kind: 'text'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'quote'; text: string }
  | { kind: 'link'; text: string; url: string };

/** Renders blocks to the plain-text and HTML parts; every visitor-supplied text is escaped. */
export function renderMail(blocks: MailBlock[], dir: 'ltr' | 'rtl' = 'ltr') {
  const text = blocks
    .map((block) => {
      switch (block.kind) {
        case 'text':
          return block.text;
        case 'field':
          return `${block.label}: ${block.value}`;
        case 'quote':
          return block.text
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n');
        default:
          return `${block.text}\n${block.url}`;
      }
    })
    .join('\n\n');
  const html = blocks
    .map((block) => {
      switch (block.kind) {
        case 'text':
          return `<p>${escapeHtml(block.text)}</p>`;
        case 'field':
          return `<p><strong>${escapeHtml(block.label)}:</strong> ${escapeHtml(block.value)}</p>`;
        case 'quote':
          return `<blockquote style="border-inline-start:3px solid #cbd5e1;margin:0;padding-inline-start:12px;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
        default:
          return `<p>${escapeHtml(block.text)}<br><a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`;
      }
    })
    .join('\n');
  return {
    text: `${text}\n`,
    html: `<!doctype html><html dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0b1b3a">${html}</body></html>`,
  };
}

/**
 * Sends a mail whose failure must not undo what the visitor did (their message is stored):
 * the mail is queued and tried at once; if that fails the queue retries it later, the failure
 * goes to the log and the caller learns that it was not delivered yet.
 */
export async function sendLogged(db: Db, message: MailMessage, what: string): Promise<boolean> {
  try {
    return await sendQueued(db, getMailer(), message, { kind: 'form-notification' });
  } catch (error: unknown) {
    logger.error({ area: 'forms', what, err: error }, 'form mail not queued');
    return false;
  }
}

export function teamInbox(): string {
  return config().TEAM_INBOX;
}

/** An absolute URL on this site (mail links must be absolute). */
export function siteLink(pathAndQuery: string): string {
  return new URL(pathAndQuery, config().SITE_URL).toString();
}
