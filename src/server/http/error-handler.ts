import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable, PG_CHARACTER_NOT_IN_REPERTOIRE, pgErrorCode } from "../db/pg-errors";
import type { AppEnv } from "../deps";
import { isAppError } from "../lib/errors";
import { escapeHtml } from "../lib/escape-html";
import { pathForLog } from "./log-path";

// The edge: an AppError becomes its status and the spec's message; anything else is a 500
// with a generic message (the details go to the log, never to the browser).
export function handleError(err: Error, c: Context<AppEnv>) {
  if (isAppError(err)) {
    // A rate limit says when to come back (RFC 9110 Retry-After, in seconds).
    const retryAfter = err.details?.retryAfter;
    if (err.status === 429 && typeof retryAfter === "number") c.header("retry-after", String(retryAfter));
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
  const deps = c.get("deps");
  if (isDatabaseUnavailable(err)) {
    deps?.logger.warn(
      { err: err.message, path: pathForLog(c), requestId: c.get("requestId") },
      "database unavailable",
    );
    c.header("retry-after", "30");
    c.header("cache-control", "no-store");
    if (!c.req.path.startsWith("/api/") && c.req.method === "GET") {
      return c.html(unavailablePage(deps?.config.VENUE_NAME, deps?.config.VENUE_PHONE), 503);
    }
    return c.json({ error: { code: "UNAVAILABLE", message: UNAVAILABLE_MESSAGE } }, 503);
  }
  deps?.logger.error({ err, path: pathForLog(c), requestId: c.get("requestId") }, "unhandled error");
  return c.json({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } }, 500);
}

const UNAVAILABLE_MESSAGE = "We can't reach our booking system right now. Please try again in a minute.";

/** The page a visitor sees while the database is away: no app, no database, just what to do. */
function unavailablePage(venueName: string | undefined, phone: string | undefined): string {
  const name = escapeHtml(venueName ?? "We");
  const call = phone
    ? ` To book now, call us at <a href="tel:${escapeHtml(phone)}">${escapeHtml(phone)}</a>.`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Back in a minute</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:15vh auto;padding:0 20px;color:#1f2933;line-height:1.5}</style></head>
<body><h1>Back in a minute</h1><p>${venueName ? `${name} can't` : "We can't"} reach the booking system right now. Please try again in a minute.${call}</p>
<p><a href="">Try again</a></p></body></html>`;
}
