import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, eq, ne } from "drizzle-orm";
import { reservations, users } from "../db/schema";
import type { AppEnv } from "../http/context";
import { requireAdmin } from "../http/guards";
import { errorResponses, jsonResponse } from "../http/openapi";

const statsResponse = z.object({ totalReservations: z.number().int(), activeMembers: z.number().int() });

export const adminStatsRoutes = new OpenAPIHono<AppEnv>().openapi(
  createRoute({
    method: "get",
    path: "/admin/stats",
    tags: ["Admin"],
    summary: "Dashboard stats: total reservations and active members (SPEC §2 Admin Dashboard)",
    middleware: [requireAdmin] as const,
    responses: { 200: jsonResponse(statsResponse), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const [r] = await db
      .select({ n: count() })
      .from(reservations)
      .where(ne(reservations.status, "cancelled"));
    const [m] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isMember, true), eq(users.isFrozen, false)));
    return c.json({ totalReservations: r?.n ?? 0, activeMembers: m?.n ?? 0 }, 200);
  },
);
