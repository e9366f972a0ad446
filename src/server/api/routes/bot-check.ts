import { Hono } from 'hono';
import { callerLocation } from '@/server/account/client-location';
import { markBotCheckPassed } from '@/server/recaptcha/pass-mark';
import {
  type BotCheckVersion,
  RecaptchaUnavailableError,
  verifyRecaptcha,
} from '@/server/recaptcha/verify';
import { ApiError } from '../errors';
import { requestIdHeader } from '../middleware/request-id';
import type { AppEnv } from '../types';
import { parseJsonText } from '../validate';

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

// Reads `recasign` from the JSON body (POST) or the query (GET) and returns the request the
// wrapped endpoint should see: same method, headers and cookies, without recasign.
async function unwrap(
  request: Request,
  target: URL,
  requestId: string,
): Promise<{ token: string; inner: Request }> {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  // The same id in both log lines, so the wrapped call can be followed.
  headers.set(requestIdHeader, requestId);
  let token = target.searchParams.get('recasign') ?? '';
  target.searchParams.delete('recasign');
  let body: string | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    body = await request.text();
    const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (body && jsonMediaType.test(mediaType)) {
      const parsed = parseJsonText(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const { recasign, ...rest } = parsed as Record<string, unknown>;
        if (typeof recasign === 'string') token = recasign;
        try {
          body = JSON.stringify(rest);
        } catch (error: unknown) {
          if (error instanceof RangeError) {
            throw ApiError.badRequest('Request body is nested too deeply');
          }
          throw error;
        }
      }
    }
  }
  return { token, inner: new Request(target, { method: request.method, headers, body }) };
}

/**
 * The bot-check wrappers of spec 7: /ws/mm/reca/r2/<rest> and /ws/mm/reca/r3/<rest> verify
 * `recasign` with reCAPTCHA (v2 or v3 rules) and then answer exactly as /api/mms/<rest> would.
 * `dispatch` is the app itself, so the wrapped call passes through every middleware. The
 * endpoints the site sends only through here refuse direct calls (requireBotCheck).
 */
export function botCheckRoutes(dispatch: (request: Request) => Response | Promise<Response>) {
  const routes = new Hono<AppEnv>();

  // ALL /ws/mm/reca/{r2|r3}/* – reCAPTCHA check, then the same call under /api/mms/*
  routes.all('/:version{r2|r3}/*', async (c) => {
    const version = c.req.param('version') as BotCheckVersion;
    const url = new URL(c.req.url);
    const prefix = `/ws/mm/reca/${version}/`;
    // Spec 7 maps /api/mms/<rest> to /ws/mm/reca/r3/<rest>; /ws/mm/reca/r3/mms/<rest> (the
    // prefix kept) is accepted too, since clients have been seen to build it that way.
    const rest = url.pathname.slice(prefix.length).replace(/^mms\//, '');
    const target = new URL(`/api/mms/${rest}${url.search}`, url);
    // URL parsing resolves dot segments; the wrapper may only reach /api/mms/.
    if (!target.pathname.startsWith('/api/mms/')) throw ApiError.notFound();

    const { token, inner } = await unwrap(c.req.raw, target, c.var.requestId);
    const { ip } = await callerLocation(c.req.raw);
    let passed: boolean;
    try {
      passed = await verifyRecaptcha({ token, version, ip });
    } catch (error: unknown) {
      if (!(error instanceof RecaptchaUnavailableError)) throw error;
      c.var.log.error({ area: 'api', reason: error.message }, 'bot check unavailable');
      throw ApiError.unavailable('Bot check temporarily unavailable, please try again');
    }
    if (!passed) throw ApiError.botCheckFailed();
    // The endpoints behind requireBotCheck() take only a request marked here (pass-mark.ts).
    markBotCheckPassed(inner.headers);
    return dispatch(inner);
  });

  return routes;
}
