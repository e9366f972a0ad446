import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/i18n/messages';
import { type Locale, locales } from '@/lib/locales';
import { fontFor } from './fonts';
import { visualRuns } from './layout';
import { type ReceiptDocument, renderReceipt } from './render';

// The receipt PDF in every language: each character has a font, right-to-left text is laid out
// in display order, and the file is a small PDF whose text can be searched.

const receipt = (locale: Locale): ReceiptDocument => ({
  kind: 'receipt',
  number: 'R-000042',
  issuedAt: new Date('2026-11-27T10:00:00Z'),
  seller: { name: 'Turbo VPN', address: ['Example Street 1', '10115 Berlin', 'Germany'] },
  buyerEmail: 'buyer@example.com',
  item: 'Turbo VPN Premium: 12 months',
  period: { start: new Date('2026-11-27T10:00:00Z'), end: new Date('2027-11-27T10:00:00Z') },
  amount: '99.99',
  currency: 'USD',
  method: 'PayPal',
  transactionId: '8MC585209K746392H',
  contactEmail: 'support@example.com',
  locale,
});

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('receipt fonts', () => {
  it.each(locales)('has a font for every character of the %s receipt', async (locale) => {
    const messages = (await loadMessages(locale)) as Record<string, unknown>;
    const used = texts([messages.Receipt, messages.Plans]).join('');
    const missing = [...new Set(used)].filter((char) => {
      const point = char.codePointAt(0) ?? 0;
      const font = fontFor(point, locale);
      return !font.ranges.some(([from, to]) => point >= from && point <= to);
    });
    expect(missing).toEqual([]);
  });
});

describe('right-to-left lines', () => {
  it('puts an Arabic line in display order, keeping Latin words as written', () => {
    const runs = visualRuns('Turbo VPN بريميوم', 'ar');
    expect(runs.map((run) => run.text)).toEqual(['بريميوم', ' ', 'Turbo VPN']);
    expect(runs[0]?.font.key).toBe('noto-sans-arabic-arabic');
  });

  it('keeps a Latin value left to right in an Arabic receipt when asked to', () => {
    expect(visualRuns('10115 Berlin', 'ar', 'auto').map((run) => run.text)).toEqual([
      '10115 Berlin',
    ]);
  });

  it('lays a left-to-right line out as it is', () => {
    expect(visualRuns('Total paid', 'en').map((run) => run.text)).toEqual(['Total paid']);
  });
});

describe('renderReceipt', () => {
  it.each(locales)('writes a searchable PDF in %s', async (locale) => {
    const pdf = await renderReceipt(receipt(locale));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Fonts are embedded as subsets: a receipt stays small whatever the script.
    expect(pdf.length).toBeLessThan(60_000);
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
    ).text;
    expect(text).toContain('R-000042');
    expect(text).toContain('buyer@example.com');
    expect(text).toContain('8MC585209K746392H');
  });
});
