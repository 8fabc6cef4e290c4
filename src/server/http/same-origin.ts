import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps";
import { AppError } from "../lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request protection for every state-changing API call: a browser always sends
 * Origin (or Sec-Fetch-Site) on such requests, and it must be this site. Calls without either
 * header come from non-browser clients (payment webhooks, scripts) and carry no ambient cookie risk.
 */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site");
  const allowed = new Set([new URL(c.get("deps").config.publicUrl).origin, new URL(c.req.url).origin]);
  if (origin && origin !== "null" && allowed.has(origin)) return next();
  // A privacy setting can make a browser send `Origin: null` on its own site's forms; the
  // browser-set Sec-Fetch-Site header still tells the truth.
  if (origin === "null" && fetchSite === "same-origin") return next();
  if (
    origin === undefined &&
    (fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none")
  ) {
    return next();
  }
  throw new AppError("FORBIDDEN", "Cross-site request refused");
});
