import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Body `code`s of the API contract (ARCHITECTURE.md, spec 8) that are not HTTP statuses. */
export const errorCodes = {
  invalidToken: 50008,
  signedInElsewhere: 50012,
  expiredToken: 50014,
  botCheckFailed: 20104,
} as const;

/** The exact body the site's bot-check wrapper expects when the reCAPTCHA score is too low. */
export const botCheckFailedBody = {
  err_code: 500,
  code: errorCodes.botCheckFailed,
  message: 'ReCaptchaScoreTooLow',
} as const;

export interface ApiErrorBody {
  code: number;
  message: string;
  data?: unknown;
  [extra: string]: unknown;
}

/**
 * The one error type routes throw; the app's onError turns it into `status` and
 * `{ code, message, data? }`. Its message is shown to the client, so keep it free of internals.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** Fields the contract puts beside code/message (only the bot-check's err_code so far). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { ...this.extra, code: this.code, message: this.message };
    if (this.data !== undefined) body.data = this.data;
    return body;
  }

  static badRequest(message: string, data?: unknown): ApiError {
    return new ApiError(400, 400, message, data);
  }

  static unauthorized(message = 'Sign in required'): ApiError {
    return new ApiError(401, 401, message);
  }

  static forbidden(message = 'Forbidden'): ApiError {
    return new ApiError(403, 403, message);
  }

  static notFound(message = 'Not found'): ApiError {
    return new ApiError(404, 404, message);
  }

  static conflict(message: string, data?: unknown): ApiError {
    return new ApiError(409, 409, message, data);
  }

  static payloadTooLarge(maxBytes: number): ApiError {
    return new ApiError(413, 413, `Request body larger than ${maxBytes} bytes`);
  }

  /** 429 with the wait in `data.retry_after` (seconds); the error handler adds Retry-After. */
  static tooManyRequests(
    retryAfterSeconds?: number,
    message = 'Too many requests, please try again later',
  ): ApiError {
    const data = retryAfterSeconds === undefined ? undefined : { retry_after: retryAfterSeconds };
    return new ApiError(429, 429, message, data);
  }

  static unavailable(message = 'Service temporarily unavailable', data?: unknown): ApiError {
    return new ApiError(503, 503, message, data);
  }

  // The three session codes open the site's "Confirm logout" dialog (spec 8).
  static invalidToken(): ApiError {
    return new ApiError(401, errorCodes.invalidToken, 'Invalid token');
  }

  static signedInElsewhere(): ApiError {
    return new ApiError(401, errorCodes.signedInElsewhere, 'Signed in on another device');
  }

  static expiredToken(): ApiError {
    return new ApiError(401, errorCodes.expiredToken, 'Token expired');
  }

  static botCheckFailed(): ApiError {
    const { err_code, code, message } = botCheckFailedBody;
    return new ApiError(403, code, message, undefined, { err_code });
  }
}
