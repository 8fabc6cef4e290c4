import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { requestLineWriter } from "../lib/logger";
import { clientIp } from "./client-ip";
import { pathForLog, routePattern } from "./log-path";

// A proxy's id is kept when it is sane (so one id follows the request through proxy and app logs);
// anything else — too long, odd characters that could forge log lines — is replaced.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Requests the server makes of itself before it listens (booking/warm-up.ts): answered as any other,
 * but neither logged nor counted in the metrics, which are the visitors'. A set of the Request
 * objects themselves, so no header a visitor could send hides a request.
 */
export const unloggedRequests = new WeakSet<Request>();

/**
 * The first middleware: gives every request an id (X-Request-Id, in and out), then writes one
 * access line per request with its duration and feeds the latency histogram.
 */
export function accessLog(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("deps", deps);
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    // Set before the answer exists, so it is part of the answer as it is made; setting a header
    // on a finished answer makes a new copy of it (Hono), a cost on every request.
    c.header("X-Request-Id", requestId);
    const started = performance.now();
    // The request as it came: a body limit or a body reader may replace c.req.raw on the way.
    const unlogged = unloggedRequests.has(c.req.raw);
    try {
      await next();
    } finally {
      // An answer made elsewhere (a Response returned as is) did not take it up.
      if (!c.res.headers.has("X-Request-Id")) c.header("X-Request-Id", requestId);
      if (!unlogged) {
        const seconds = (performance.now() - started) / 1000;
        const route = routePattern(c);
        deps.metrics.observeRequest(c.req.method, route, c.res.status, seconds);
        // The writer of the logger in deps now (a test may swap the logger after the app is built).
        requestLineWriter(deps.logger)({
          reqId: requestId,
          method: c.req.method,
          path: pathForLog(c, route),
          route,
          status: c.res.status,
          ms: Math.round(seconds * 10_000) / 10,
          ip: clientIp(c),
        });
      }
    }
  };
}
