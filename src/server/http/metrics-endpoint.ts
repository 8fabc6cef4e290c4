import type { Context } from "hono";
import type { AppEnv } from "../deps";

/**
 * GET /metrics for Prometheus. Off (404, as if it did not exist) without METRICS_TOKEN; with it,
 * only a scraper sending `Authorization: Bearer <token>` reads it.
 */
export async function metricsEndpoint(c: Context<AppEnv>) {
  const { metrics, db, database } = c.get("deps");
  if (!metrics.enabled) return c.json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
  if (!metrics.authorized(c.req.header("authorization"))) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    return c.json({ error: { code: "UNAUTHENTICATED", message: "A valid metrics token is required" } }, 401);
  }
  const body = await metrics.render(db, database, c.get("deps").now());
  c.header("Cache-Control", "no-store");
  return c.body(body, 200, { "Content-Type": metrics.contentType });
}
