import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  adminDayQuery,
  adminDayResponse,
  availableFacilitiesQuery,
  availableFacilitiesResponse,
  dashboardStats,
} from "../../contracts/admin";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { jsonResponse } from "../http/openapi";
import { getAdminDay } from "./get-admin-day";
import { getDashboardStats } from "./get-dashboard-stats";
import { listAvailableFacilities } from "./list-available-facilities";

export const dashboardRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "get",
      path: "/admin/stats",
      summary: "Dashboard stats: total reservations and active members (SPEC §2 Admin Dashboard)",
      responses: { 200: jsonResponse(dashboardStats), ...adminErrors },
    }),
    async (c) => c.json(await getDashboardStats(c.get("deps").db), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "get",
      path: "/admin/day",
      summary: "One day of courts or dart bays: facilities, reservations and events (list and grid views)",
      request: { query: adminDayQuery },
      responses: { 200: jsonResponse(adminDayResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await getAdminDay(c.get("deps").db, c.req.valid("query"), c.get("deps").now()), 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "get",
      path: "/admin/available-facilities",
      summary:
        "Facilities free for a time slot (SPEC §5 Admin edit reservation; the manual reservation panel)",
      request: { query: availableFacilitiesQuery },
      responses: { 200: jsonResponse(availableFacilitiesResponse), ...adminErrors },
    }),
    async (c) => {
      const result = await listAvailableFacilities(c.get("deps"), c.req.valid("query"));
      c.header("cache-control", "no-store");
      return c.json(result, 200);
    },
  );
