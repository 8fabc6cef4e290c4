import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { PG_CHARACTER_NOT_IN_REPERTOIRE, pgErrorCode } from "../db/pg-errors";
import { isAppError } from "../errors";
import type { AppEnv } from "../kernel/deps";

// The edge: an AppError becomes its status and the spec's message; anything else is a 500
// with a generic message (the details go to the log, never to the browser).
export function handleError(err: Error, c: Context<AppEnv>) {
  if (isAppError(err)) {
    return c.json(
      {
        error: {
          code: err.code,
          message: err.message,
          ...(err.field ? { field: err.field } : {}),
          ...(err.details ? { details: err.details } : {}),
        },
      },
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request is too large" : err.message || "Bad request";
    return c.json({ error: { code: status >= 500 ? "INTERNAL" : "VALIDATION", message } }, status);
  }
  if (err instanceof SyntaxError) {
    return c.json({ error: { code: "VALIDATION", message: "Malformed request body" } }, 400);
  }
  // A NUL character that reached the database by a path no contract covers: bad input, not a crash.
  if (pgErrorCode(err) === PG_CHARACTER_NOT_IN_REPERTOIRE) {
    return c.json({ error: { code: "VALIDATION", message: "Invalid request" } }, 400);
  }
  c.var.deps?.logger.error({ err, path: c.req.path, requestId: c.var.requestId }, "unhandled error");
  return c.json({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } }, 500);
}
