/**
 * Helpers shared by the fake PayPal (tests/support/fake-paypal.ts) and its billing part
 * (tests/support/fake-paypal-billing.ts): PayPal's error bodies, money in hundredths, ids, and
 * the buyer pages' HTML and redirects.
 */
import { randomBytes, randomInt } from 'node:crypto';

export type Json = Record<string, unknown>;

export interface Money {
  currency_code: string;
  value: string;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  note_to_payer?: string;
  create_time: string;
}

/** A payment POST /v2/payments/captures/{id}/refund can refund: an order's capture or a
 *  subscription's transaction. */
export interface Refundable {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: Money;
  refunds: FakeRefund[];
  update_time: string;
}

const ORDERS_ERRORS = 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/#';

/**
 * PayPal's error body. `informationLink` is the href of the information_link; without it the
 * Orders v2 error reference for the issue (or the name).
 */
export function paypalError(
  status: number,
  name: string,
  message: string,
  detail?: {
    issue: string;
    description: string;
    field?: string;
    value?: string;
    location?: string;
  },
  informationLink?: string,
): Answer {
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId(),
      ...(detail ? { details: [detail] } : {}),
      links: [
        {
          href: informationLink ?? `${ORDERS_ERRORS}${detail?.issue ?? name}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
  };
}

export function unprocessable(
  issue: string,
  description: string,
  informationLink?: string,
): Answer {
  return paypalError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    { issue, description },
    informationLink,
  );
}

export function invalidField(
  field: string,
  issue: string,
  description: string,
  informationLink?: string,
): Answer {
  return paypalError(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    { field, location: 'body', issue, description },
    informationLink,
  );
}

export function notFound(field: string, value: string): Answer {
  return paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', {
    field,
    value,
    location: 'path',
    issue: 'INVALID_RESOURCE_ID',
    description:
      'Specified resource ID does not exist. Please check the resource ID and try again.',
  });
}

export function checkMoney(
  money: unknown,
  field: string,
  informationLink?: string,
): Answer | undefined {
  if (!isObject(money) || money.currency_code === undefined || money.value === undefined) {
    return invalidField(
      field,
      'MISSING_REQUIRED_PARAMETER',
      'currency_code and value are required',
      informationLink,
    );
  }
  if (typeof money.currency_code !== 'string' || !/^[A-Z]{3}$/.test(money.currency_code)) {
    return invalidField(
      `${field}/currency_code`,
      'INVALID_PARAMETER_VALUE',
      'unknown currency',
      informationLink,
    );
  }
  if (typeof money.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(money.value)) {
    return invalidField(
      `${field}/value`,
      'INVALID_PARAMETER_SYNTAX',
      'value is not an amount',
      informationLink,
    );
  }
  if (cents(money.value) === 0) {
    return unprocessable(
      'CANNOT_BE_ZERO_OR_NEGATIVE',
      'Must be greater than zero.',
      informationLink,
    );
  }
  return undefined;
}

// '12.3' → 1230: amounts are compared in hundredths, never as floats.
export function cents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatCents(total: number): string {
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}

export function redirect(target: unknown, params: Record<string, string>): Answer {
  if (typeof target !== 'string') {
    return html(200, '<h1>Fake PayPal</h1><p>Done. You may return to the merchant.</p>');
  }
  const location = new URL(target);
  for (const [name, value] of Object.entries(params)) location.searchParams.set(name, value);
  return { status: 303, headers: { location: location.href } };
}

export function html(status: number, content: string): Answer {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake PayPal</title></head><body>${content}</body></html>`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function definedOnly(record: object): Json {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

// PayPal's ids: upper-case letters and digits (orders and captures 17, payer ids 13).
export function paypalId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = '';
  for (let i = 0; i < length; i += 1) id += alphabet[randomInt(alphabet.length)];
  return id;
}

export function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13);
}
