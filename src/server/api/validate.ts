import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors';
import type { AppEnv } from './types';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Names each failing field, dotted (`plan.id`, `events.0.name`); `(root)` for the value itself. */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}

/** 400 `Invalid request: <field>: <problem>` with every problem in `data.fields`. */
export function invalidRequest(error: z.ZodError): ApiError {
  const fields = fieldProblems(error);
  const first = fields[0];
  const summary = first ? `${first.field}: ${first.message}` : 'malformed';
  return ApiError.badRequest(`Invalid request: ${summary}`, { fields });
}

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

class NulInText extends Error {}

/**
 * Request JSON → value, or a 400: malformed JSON, a NUL character in any string or key
 * (PostgreSQL cannot store it, and no field of ours needs it), or nesting too deep to walk.
 */
export function parseJsonText(text: string): unknown {
  try {
    // A NUL can only be in parsed text as the escape \u0000 (JSON refuses a raw control
    // character in a string); without one, the reviver that looks for it (several times slower
    // than the parse itself) has nothing to find.
    if (!text.includes('\\u0000') && !text.includes('\0')) return JSON.parse(text);
    return JSON.parse(text, (key, value: unknown) => {
      if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) {
        throw new NulInText();
      }
      return value;
    });
  } catch (error: unknown) {
    if (error instanceof SyntaxError) throw ApiError.badRequest('Invalid JSON body');
    if (error instanceof NulInText)
      throw ApiError.badRequest('Text must not contain NUL characters');
    if (error instanceof RangeError) throw ApiError.badRequest('Request body is nested too deeply');
    throw error;
  }
}

// Unlike Hono's own json validator, which quietly validates `{}` when the body is not JSON and
// words malformed JSON its own way, this refuses both with the API's envelope.
async function readJsonBody(c: Context): Promise<unknown> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!jsonMediaType.test(mediaType)) {
    throw ApiError.badRequest('Request body must be JSON (Content-Type: application/json)');
  }
  // Body-limit and stream errors from reading pass on; only the text is the client's fault.
  return parseJsonText(await c.req.text());
}

// A parameter given once is a string, given several times an array (as Hono's validator does).
function readQuery(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([key, values]) =>
      values.length === 1 ? [key, values[0] ?? ''] : [key, values],
    ),
  );
}

type Validated<
  Target extends 'json' | 'query',
  Schema extends z.ZodType<object>,
> = MiddlewareHandler<
  AppEnv,
  string,
  {
    in: { [K in Target]: z.input<Schema> };
    out: { [K in Target]: z.output<Schema> };
  }
>;

/**
 * Validates the JSON body or the query string with a zod schema; the handler reads the parsed
 * value with `c.req.valid('json' | 'query')`. Failures are 400s naming the field.
 */
export function validate<Target extends 'json' | 'query', Schema extends z.ZodType<object>>(
  target: Target,
  schema: Schema,
): Validated<Target, Schema> {
  return async (c, next) => {
    const value = target === 'json' ? await readJsonBody(c) : readQuery(c);
    const result = schema.safeParse(value);
    if (!result.success) throw invalidRequest(result.error);
    c.req.addValidatedData(target, result.data);
    await next();
  };
}
