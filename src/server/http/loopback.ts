import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../deps";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * Whether the request's socket comes from this machine. The socket's own address, never a
 * forwarded header (anyone can send X-Forwarded-For). A request with no socket at all was made
 * inside this process (app.request in the tests), so no network client is involved.
 */
export function isLoopbackClient(c: Context<AppEnv>): boolean {
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!bindings?.incoming && !bindings?.server?.incoming) return true;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? "");
  } catch {
    return false;
  }
}
