import { hostname } from "node:os";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { venueSettingsResponse } from "../../contracts/settings";
import type { AppEnv } from "../deps";
import { loadPublicSettings } from "../settings/venue-settings";
import { jsonResponse } from "./openapi";

const healthResponse = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
  /** Which app process answered (host:port), so an operator behind a load balancer can tell them apart. */
  instance: z.string(),
  pid: z.number().int(),
});

export const systemRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/health",
      tags: ["System"],
      summary: "Liveness and database reachability",
      responses: {
        200: jsonResponse(healthResponse),
        503: jsonResponse(healthResponse, "Database unreachable"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const instance = { instance: `${hostname()}:${c.get("deps").config.PORT}`, pid: process.pid };
      try {
        await c.get("deps").database.ping();
        return c.json({ status: "ok" as const, database: "ok" as const, ...instance }, 200);
      } catch {
        return c.json({ status: "unavailable" as const, database: "unreachable" as const, ...instance }, 503);
      }
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/settings",
      tags: ["System"],
      summary: "The venue's public identity, contact and hours",
      responses: { 200: jsonResponse(venueSettingsResponse) },
    }),
    async (c) => c.json(await loadPublicSettings(c.get("deps").db, c.get("deps").config), 200),
  );
