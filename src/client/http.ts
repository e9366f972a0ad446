// The one HTTP client of the browser (spec 7): same origin, 20 s timeout, `app-type: 502`,
// a bearer token when one is known, JSON in and out. Every non-success answer is announced to
// the global handlers (toast, logout dialog: see onApiError) and then rejects with the body.
import { brand } from '@/lib/site';

export const requestTimeoutMs = 20_000;

export interface ApiErrorBody {
  code: number;
  message: string;
  data?: unknown;
  err_code?: number;
}

export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    /** HTTP status; 0 when no answer arrived (network failure or timeout). */
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message || 'Error');
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Leave the global handlers out (the caller shows the error itself): `true` for every error,
   * or a test that keeps only some quiet (a form leaves the session codes to the global handlers,
   * see `shownByForm` in api-feedback.ts).
   */
  quiet?: boolean | ((error: ApiRequestError) => boolean);
}

type ErrorListener = (error: ApiRequestError, path: string) => void;

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  onApiError(listener: ErrorListener): () => void;
  setBearerToken(token: string | null): void;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).code === 'number' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

export function createApiClient(fetchImpl: typeof fetch = (...args) => fetch(...args)): ApiClient {
  const listeners = new Set<ErrorListener>();
  let bearer: string | null = null;

  function fail(path: string, error: ApiRequestError, quiet: RequestOptions['quiet']): never {
    const silent = typeof quiet === 'function' ? quiet(error) : quiet;
    if (!silent) for (const listener of listeners) listener(error, path);
    throw error;
  }

  return {
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query ?? {})) {
        if (value !== undefined) query.set(key, String(value));
      }
      const url = query.size ? `${path}?${query}` : path;
      const headers: Record<string, string> = {
        accept: 'application/json',
        'app-type': String(brand.webAppType),
        ...options.headers,
      };
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const timeout = AbortSignal.timeout(requestTimeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          credentials: 'same-origin',
          signal,
        });
      } catch {
        const message = timeout.aborted ? 'Request timed out' : 'Network error';
        return fail(path, new ApiRequestError(0, { code: 0, message }), options.quiet);
      }

      const parsed: unknown = await response.json().catch(() => null);
      if (response.ok && isErrorBody(parsed) && parsed.code === 200) {
        return (parsed as { data: T }).data;
      }
      const body = isErrorBody(parsed) ? parsed : { code: response.status, message: 'Error' };
      return fail(path, new ApiRequestError(response.status, body), options.quiet);
    },
    onApiError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setBearerToken(token) {
      bearer = token;
    },
  };
}

/** The site's client. */
export const api = createApiClient();
