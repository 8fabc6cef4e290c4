import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { venueSettingsResponse } from "../../contracts/settings";
import type { AppEnv } from "../kernel/deps";
import { loadPublicSettings } from "../settings/venue-settings";
import { jsonResponse } from "./openapi";

const healthResponse = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
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
      try {
        await c.var.deps.database.ping();
        return c.json({ status: "ok" as const, database: "ok" as const }, 200);
      } catch {
        return c.json({ status: "unavailable" as const, database: "unreachable" as const }, 503);
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
    async (c) => c.json(await loadPublicSettings(c.var.deps.db, c.var.deps.config), 200),
  );
