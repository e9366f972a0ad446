import 'server-only';
import PDFDocument from 'pdfkit';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { formatDay } from '@/lib/date-format';
import { directionOf, type Locale } from '@/lib/locales';
import { formatMoney } from '@/lib/plans/money';
import { brand } from '@/lib/site';
import { type FontFile, fontBytes } from './fonts';
import { type LineDirection, type TextRun, visualRuns } from './layout';

/** Everything a receipt or credit note states, already in words where words are needed. */
export interface ReceiptDocument {
  kind: 'receipt' | 'credit_note';
  /** 'R-000123', 'CN-000124' */
  number: string;
  issuedAt: Date;
  /** A credit note's receipt. */
  refundOf?: string;
  seller: { name: string; address: readonly string[] };
  buyerEmail: string;
  /** What was sold, in words ("Turbo VPN Premium: 12 months +3 months free"). */
  item: string;
  period?: { start: Date; end: Date };
  amount: string;
  currency: string;
  /** 'PayPal' */
  method: string;
  transactionId: string | null;
  contactEmail: string;
  locale: Locale;
}

const page = { width: 595.28, height: 841.89, margin: 56 };
const ink = '#0b1b3a';
const muted = '#475569';
const rule = '#cbd5e1';

interface Line {
  text: string;
  /** Distance from the top margin. */
  y: number;
  size: number;
  bold?: boolean;
  color?: string;
  /** 'start' and 'end' follow the document's direction; offsets are from that side. */
  side: 'start' | 'end';
  inset?: number;
  /** The width the text may take; longer text is cut into lines that wrap below. */
  width?: number;
  dir?: LineDirection;
}

type Doc = InstanceType<typeof PDFDocument>;

/** Loads every font the runs need into the document. */
async function registerFonts(doc: Doc, runs: TextRun[]) {
  const seen = new Set<string>();
  for (const run of runs) {
    if (seen.has(run.font.key)) continue;
    seen.add(run.font.key);
    doc.registerFont(run.font.key, await fontBytes(run.font));
  }
}

function width(doc: Doc, runs: TextRun[], size: number) {
  return runs.reduce(
    (sum, run) => sum + doc.font(run.font.key).fontSize(size).widthOfString(run.text),
    0,
  );
}

/**
 * The stroke that gives a run its weight (fonts.ts says why weight is drawn): none for Regular
 * text in a Regular font, more for bold, more again for a Thin font.
 */
function strokeWidth(font: FontFile, size: number, bold: boolean | undefined): number {
  return size * ((font.thin ? 0.04 : 0) + (bold ? 0.03 : 0));
}

/** Cuts text into lines no wider than `max`: at spaces, or anywhere in a word too long. */
function wrap(doc: Doc, text: string, line: Line, locale: Locale, max: number): string[] {
  const fits = (candidate: string) =>
    width(doc, visualRuns(candidate, locale, line.dir), line.size) <= max;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    let piece = '';
    for (const char of word) {
      if (piece && !fits(piece + char)) {
        lines.push(piece);
        piece = '';
      }
      piece += char;
    }
    current = piece;
  }
  if (current) lines.push(current);
  return lines;
}

/** Draws one line's runs left to right from its side of the page. */
function draw(doc: Doc, text: string, line: Line, y: number, rtl: boolean, locale: Locale) {
  const runs = visualRuns(text, locale, line.dir);
  const total = width(doc, runs, line.size);
  const inset = line.inset ?? 0;
  const fromLeft = (line.side === 'start') !== rtl;
  let x = fromLeft ? page.margin + inset : page.width - page.margin - inset - total;
  const color = line.color ?? ink;
  for (const run of runs) {
    const stroke = strokeWidth(run.font, line.size, line.bold);
    doc.font(run.font.key).fontSize(line.size).fillColor(color);
    if (stroke > 0) doc.lineWidth(stroke).strokeColor(color);
    doc.text(run.text, x, page.margin + y, { lineBreak: false, fill: true, stroke: stroke > 0 });
    x += doc.widthOfString(run.text);
  }
}

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * Lays the document out from the top: `put` draws a line (or only notes its text) and answers
 * how many lines it took once wrapped, so what follows moves down. Answers where the item
 * table's rules go.
 */
function compose(receipt: ReceiptDocument, t: Translate, put: (line: Line) => number) {
  const { locale } = receipt;
  const money = formatMoney(receipt.amount, receipt.currency, locale) ?? receipt.amount;
  const credit = receipt.kind === 'credit_note';
  let y = 0;
  put({ text: brand.name, y, size: 20, bold: true, side: 'start' });
  put({ text: credit ? t('creditNoteTitle') : t('title'), y, size: 20, bold: true, side: 'end' });
  y += 44;
  // Values keep their own direction: a Latin address in an Arabic receipt reads as written.
  const field = (label: string, values: readonly string[], dir: LineDirection = 'auto') => {
    put({ text: label, y, size: 10, color: muted, side: 'start' });
    for (const value of values) {
      y += 16 * put({ text: value, y, size: 10, side: 'start', inset: 150, width: 330, dir });
    }
    y += 4;
  };
  field(t('number'), [receipt.number]);
  field(t('date'), [formatDay(locale, receipt.issuedAt.toISOString())], 'document');
  if (receipt.refundOf) field('', [t('refundOf', { number: receipt.refundOf })], 'document');
  y += 14;
  field(t('seller'), [receipt.seller.name, ...receipt.seller.address]);
  y += 6;
  field(t('buyer'), [receipt.buyerEmail]);
  y += 20;

  // The item and its amount, between two rules.
  const tableTop = y - 6;
  put({ text: t('item'), y, size: 10, color: muted, side: 'start' });
  put({ text: t('amount'), y, size: 10, color: muted, side: 'end' });
  y += 22;
  put({ text: money, y, size: 11, side: 'end', dir: 'ltr' });
  y += 16 * put({ text: receipt.item, y, size: 11, side: 'start', width: 360 });
  if (receipt.period) {
    const range = t('periodRange', {
      start: formatDay(locale, receipt.period.start.toISOString()),
      end: formatDay(locale, receipt.period.end.toISOString()),
    });
    const text = `${t('period')}: ${range}`;
    y += 14 * put({ text, y: y + 2, size: 9, color: muted, side: 'start', width: 360 });
  }
  y += 12;
  const tableBottom = y;
  y += 10;
  const total = credit ? t('totalRefunded') : t('totalPaid');
  put({ text: total, y, size: 12, bold: true, side: 'start' });
  const sum = credit ? `\u2212${money}` : money;
  put({ text: sum, y, size: 12, bold: true, side: 'end', dir: 'ltr' });
  y += 40;
  field(t('method'), [receipt.method]);
  if (receipt.transactionId) field(t('transaction'), [receipt.transactionId]);
  put({
    text: t('footer', { brand: brand.name, email: receipt.contactEmail }),
    y: page.height - 2 * page.margin - 24,
    size: 9,
    color: muted,
    side: 'start',
    width: page.width - 2 * page.margin,
  });
  return { tableTop, tableBottom };
}

/** The receipt or credit note as a PDF: A4, text selectable and searchable, fonts embedded. */
export async function renderReceipt(receipt: ReceiptDocument): Promise<Buffer> {
  const { locale } = receipt;
  const messages = await loadMessages(locale);
  const translator = createTranslator({ locale, messages, namespace: 'Receipt' });
  const t: Translate = (key, values) => translator(key as never, values as never);
  const rtl = directionOf(locale) === 'rtl';
  const title = `${receipt.kind === 'credit_note' ? t('creditNoteTitle') : t('title')} ${receipt.number}`;

  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    lang: locale,
    displayTitle: true,
    info: {
      Title: title,
      Author: receipt.seller.name,
      Creator: brand.name,
      CreationDate: receipt.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // A first pass only notes the text, so every font it needs is in the document before drawing.
  const noted: TextRun[] = [];
  compose(receipt, t, (line) => {
    noted.push(...visualRuns(line.text, locale, line.dir));
    return 1;
  });
  await registerFonts(doc, noted);
  const rules = compose(receipt, t, (line) => {
    const pieces = line.width ? wrap(doc, line.text, line, locale, line.width) : [line.text];
    pieces.forEach((piece, index) => {
      draw(doc, piece, line, line.y + index * (line.size + 5), rtl, locale);
    });
    return Math.max(1, pieces.length);
  });
  for (const at of [rules.tableTop, rules.tableBottom]) {
    doc
      .moveTo(page.margin, page.margin + at)
      .lineTo(page.width - page.margin, page.margin + at)
      .lineWidth(0.75)
      .strokeColor(rule)
      .stroke();
  }
  doc.end();
  return done;
}
