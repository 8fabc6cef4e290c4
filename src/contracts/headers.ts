// Header names shared by the server and the client. Kept free of zod, so the public pages can
// import them without pulling the schema library into their bundle.

/** The header that carries the hold token on GET /api/booking/holds/{holdId}. */
export const HOLD_TOKEN_HEADER = "x-hold-token";

/** The hold token of a pending paid registration travels in this header (GET) or the body (POST). */
export const REGISTRATION_TOKEN_HEADER = "x-registration-token";
