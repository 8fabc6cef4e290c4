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
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
