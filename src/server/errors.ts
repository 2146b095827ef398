// One error class with a code, one table from code to HTTP status.
export const errorStatus = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  /** A verification link used before, of an account whose address is verified: refused, and says why. */
  ALREADY_VERIFIED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** An admin tool while ADMIN_TWO_STEP=required and the admin has not turned two-step on (decision 0028). */
  TWO_STEP_REQUIRED: 403,
  /** Two-step set-up on an account whose email address is not proven yet (decision 0006). */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** A 429 that says how long to wait (the Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (why = 'You do not have permission to do that') => new AppError('FORBIDDEN', why);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please log in to continue');
