// One error type with a code; turned into an HTTP status only at the edge (src/server/http/error-handler.ts).
// The message is the user-facing text, in the spec's words where it has them.
export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "ACCOUNT_FROZEN"
  | "INVALID_CREDENTIALS"
  | "TOO_MANY_ATTEMPTS"
  | "RATE_LIMITED"
  | "NOT_FOUND"
  | "CONFLICT"
  | "SLOT_TAKEN"
  | "HOLD_EXPIRED"
  | "PAYMENT_PROVIDER"
  | "PAYMENTS_UNAVAILABLE"
  | "INVALID_RESET_LINK"
  | "INTERNAL";

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_FROZEN: 403,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_TAKEN: 409,
  HOLD_EXPIRED: 410,
  INVALID_RESET_LINK: 400,
  PAYMENT_PROVIDER: 502,
  PAYMENTS_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  /**
   * The request field the error concerns, named as in the request contract ("email", "phone",
   * "termsAccepted", "couponCode"…), so a form can show the message beside that input.
   */
  readonly field?: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options: { field?: string } = {},
  ) {
    // An answer to the player (4xx) is not a fault: its stack is never logged or shown, and
    // capturing it was about 60 µs per refusal in the rush's profile (issue 16), where most
    // answers are 409s. A 5xx keeps its stack for the log.
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusByCode[code] < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "AppError";
    if (options.field) this.field = options.field;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** A bad value in one request field: a 400 (or the code given) that names the field. */
export const fieldError = (
  field: string,
  message: string,
  code: ErrorCode = "VALIDATION",
  details?: Record<string, unknown>,
) => new AppError(code, message, details, { field });
