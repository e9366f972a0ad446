import 'server-only';
import { escapeHtml } from '@/lib/escape-html';
import { directionOf, type Locale } from '@/lib/locales';
import type { MailAttachment, MailMessage } from './types';

/** A paragraph of a mail; a code (a reset code, a gift card) stands out on a line of its own. */
export type MailPart = string | { code: string; size: 'large' | 'medium' };

const url = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/** A paragraph as HTML: escaped, its web addresses made links that read as the address. */
function paragraph(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(url)) {
    const at = match.index ?? 0;
    const href = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, at))}<a href="${href}" style="color:#0b5fff">${href}</a>`;
    last = at + match[0].length;
  }
  return `<p>${html}${escapeHtml(text.slice(last))}</p>`;
}

function codeHtml(part: { code: string; size: 'large' | 'medium' }): string {
  const style =
    part.size === 'large'
      ? 'font-size:32px;font-weight:700;letter-spacing:6px;margin:24px 0'
      : 'font-size:24px;font-weight:700;letter-spacing:2px;margin:24px 0;font-family:ui-monospace,Menlo,Consolas,monospace';
  return `<p style="${style}" dir="ltr">${escapeHtml(part.code)}</p>`;
}

/**
 * A mail in the reader's language from its paragraphs: plain text (paragraphs apart by a blank
 * line, a code indented) and simple HTML in the language's direction, with links.
 */
export function composeMail(params: {
  to: string;
  subject: string;
  locale: Locale;
  parts: readonly MailPart[];
  attachments?: readonly MailAttachment[];
}): MailMessage {
  const text = params.parts
    .map((part) => (typeof part === 'string' ? part : `    ${part.code}`))
    .join('\n\n');
  const body = params.parts
    .map((part) => (typeof part === 'string' ? paragraph(part) : codeHtml(part)))
    .join('\n');
  const html = `<!doctype html>
<html lang="${params.locale}" dir="${directionOf(params.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(params.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1b3a">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
${body}
</div></body></html>`;
  return {
    to: params.to,
    subject: params.subject,
    text,
    html,
    ...(params.attachments?.length ? { attachments: params.attachments } : {}),
  };
}
