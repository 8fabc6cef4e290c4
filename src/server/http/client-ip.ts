import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../deps";

/**
 * The address our own reverse proxy saw, from X-Forwarded-For. A proxy appends the address it
 * received the request from to whatever the client sent, so only the right-most entry is
 * trustworthy; the left-most one is whatever the visitor chose to write (a throttle keyed on it
 * is a throttle every guesser steps around). Anything that is not an IP address counts as absent.
 */
export function forwardedClientIp(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const last = header.split(",").at(-1)?.trim() ?? "";
  return isIP(last) ? last : undefined;
}

/** The caller's address: the socket's, or the trusted proxy's X-Forwarded-For entry when TRUST_PROXY is set. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("deps").config.TRUST_PROXY) {
    const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
