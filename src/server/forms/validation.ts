import 'server-only';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/form-rules';
import { ApiError } from '@/server/api/errors';
import { formText } from './texts';

/**
 * Parses a form with its shared rule (src/lib/form-rules.ts). Failures are the API's 400:
 * `Invalid request: <field>: <text>` and `data.fields` with each field's `key` (of
 * `Forms.errors`, which the site translates) and its English `message`.
 */
export async function parseForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): Promise<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const t = await formText('en', 'Forms');
  const fields = fieldErrors(result.error).map(({ field, key }) => ({
    field,
    key,
    message: t(`errors.${key}`),
  }));
  const first = fields[0];
  const summary = first ? `${first.field}: ${first.message}` : 'malformed';
  throw ApiError.badRequest(`Invalid request: ${summary}`, { fields });
}
