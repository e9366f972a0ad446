import type { Context } from 'hono';

/** The success body of every API answer (ARCHITECTURE.md, API contract). */
export interface OkBody<T> {
  code: 200;
  message: 'ok';
  data: T;
}

export function okBody<T>(data: T): OkBody<T> {
  return { code: 200, message: 'ok', data };
}

/** Answers `{ code: 200, message: 'ok', data }`; `status` 201 for something created. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200): Response {
  return c.json(okBody(data), status);
}
