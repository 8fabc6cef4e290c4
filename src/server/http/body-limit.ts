import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

type Options = Parameters<typeof bodyLimit>[0];

/**
 * Hono's body limit, with the common case answered from the headers alone. Hono's middleware asks
 * for the request's body stream even when Content-Length already says the size, and on Node that
 * turns the adapter's light request into a full web Request with a stream (about a tenth of the
 * server's CPU per hold in the booking rush, docs/decisions/024). A request with a Content-Length
 * and no Transfer-Encoding is judged by that length, as Hono does; Node's parser refuses a body
 * longer than its Content-Length, so the length is the size. Anything else (chunked, or both
 * headers) goes through Hono's middleware, which counts the bytes as they arrive.
 */
export function sizedBodyLimit(options: Options): MiddlewareHandler {
  const counted = bodyLimit(options);
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined && /^\d+$/.test(length)) {
      if (Number(length) > options.maxSize) return options.onError ? options.onError(c) : counted(c, next);
      return next();
    }
    return counted(c, next);
  };
}
