import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../deps";

/**
 * The route pattern that answered ("/api/holds/:id"), never the raw path, so metrics have a
 * bounded set of labels however many ids and tokens the paths carry.
 */
export function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex] ?? routes.at(-1);
  return answered?.path ?? "unmatched";
}

// A path segment that is a word of the site's own ("admin", "events", "edit"); anything else (an
// id, a manage token, a test checkout's session) is written as ":id".
const WORD_SEGMENT = /^[a-z][a-z-]{0,39}$/;

/**
 * What a log line says was asked for (issue 30 item 6: manage tokens were written in clear): the
 * API route's template ("/api/booking/manage/:token"); for pages, files and unmatched paths, which
 * one catch-all answers, the path with every segment that is not a plain word written ":id"
 * ("/manage/:id"). Query strings are never logged.
 */
export function pathForLog(c: Context<AppEnv>, route = routePattern(c)): string {
  if (route !== "*" && route !== "/*" && route !== "unmatched") return route;
  const segments = c.req.path.split("/").slice(1);
  return `/${segments.map((s) => (s === "" || WORD_SEGMENT.test(s) ? s : ":id")).join("/")}`;
}
