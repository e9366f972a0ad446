import 'server-only';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/i18n/messages';
import { asLocale, type Locale } from '@/lib/locales';
import { brand, contact } from '@/lib/site';
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { OrderRow, ReceiptRow } from '@/server/db/schema';
import { type ReceiptDocument, renderReceipt } from '@/server/receipts/render';
import { productName } from './product-name';
import { findAccountById } from './queries/accounts';
import { findOrderById } from './queries/orders';
import { findAccountReceipt, findReceiptOfOrder, type ReceiptKind } from './queries/receipts';

/** 'R-000123' for a receipt, 'CN-000124' for a credit note. */
export function receiptNumber(receipt: Pick<ReceiptRow, 'kind' | 'number'>): string {
  const prefix = receipt.kind === 'credit_note' ? 'CN' : 'R';
  return `${prefix}-${String(receipt.number).padStart(6, '0')}`;
}

/** The file name a receipt downloads and is attached as. */
export function receiptFilename(receipt: Pick<ReceiptRow, 'kind' | 'number'>): string {
  return `${brand.name.toLowerCase().replace(/\W+/g, '')}-${receiptNumber(receipt)}.pdf`;
}

/** What the payment was made with, as the receipt names it. */
function methodOf(order: OrderRow): string {
  return order.provider === 'paypal' ? 'PayPal' : 'Sandbox';
}

/** Everything the PDF states about a receipt, in `locale`. */
async function receiptDocument(
  db: Db,
  receipt: ReceiptRow,
  order: OrderRow,
  locale: Locale,
): Promise<ReceiptDocument> {
  const buyer = order.userId ? await findAccountById(db, { userId: order.userId }) : undefined;
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'Receipt' });
  const plan = await productName(db, order, locale);
  const item = t(
    `kind.${order.kind === 'gift' || order.kind === 'renewal' ? order.kind : 'plan'}`,
    {
      brand: brand.name,
      plan,
    },
  );
  const refunded =
    receipt.kind === 'credit_note'
      ? await findReceiptOfOrder(db, { orderId: order.id, kind: 'receipt' })
      : undefined;
  const settings = config();
  return {
    kind: receipt.kind as ReceiptKind,
    number: receiptNumber(receipt),
    issuedAt: receipt.issuedAt,
    refundOf: refunded ? receiptNumber(refunded) : undefined,
    seller: { name: settings.SELLER_NAME, address: settings.SELLER_ADDRESS },
    buyerEmail: buyer?.email ?? order.buyerEmail ?? '',
    item,
    period:
      receipt.periodStart && receipt.periodEnd
        ? { start: receipt.periodStart, end: receipt.periodEnd }
        : undefined,
    amount: order.amount,
    currency: order.currency,
    method: methodOf(order),
    transactionId: order.captureId,
    contactEmail: contact.supportEmail,
    locale,
  };
}

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
  number: string;
  /** What was sold, in words, as the document names it (the mail says it too). */
  item: string;
}

/** A receipt as its PDF file, in `locale` (default: the order's language). */
export async function receiptFile(
  db: Db,
  receipt: ReceiptRow,
  order: OrderRow,
  locale: Locale = asLocale(order.locale),
): Promise<ReceiptFile> {
  const document = await receiptDocument(db, receipt, order, locale);
  return {
    filename: receiptFilename(receipt),
    pdf: await renderReceipt(document),
    number: document.number,
    item: document.item,
  };
}

/**
 * GET web/receipts/{id}: the receipt (or credit note) of an order the account paid, as a PDF;
 * undefined when the account has no such document (another account's order included).
 */
export async function accountReceiptFile(
  db: Db,
  params: { userId: string; orderId: string; kind: ReceiptKind; locale?: Locale },
): Promise<ReceiptFile | undefined> {
  const receipt = await findAccountReceipt(db, params);
  if (!receipt) return undefined;
  const order = await findOrderById(db, { orderId: receipt.orderId });
  if (!order) return undefined;
  return receiptFile(db, receipt, order, params.locale);
}
