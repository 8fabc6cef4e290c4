import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { openingHoursBody, openingHoursResponse } from "../../contracts/venue";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { loadScheduleRules } from "../settings/schedule-rules";
import { openingHoursOf, updateOpeningHours } from "./update-opening-hours";

// Venue settings are a manager's (issue 33).
const admin = { ...staffOnly("manager"), tags: ["Admin settings"] };

// Issue 31 item 2: Settings › Hours. Managers and the owner only, on the server (staffOnly).
export const hoursRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/hours",
      summary: "The venue's weekly opening hours",
      responses: { 200: jsonResponse(openingHoursResponse), ...adminErrors },
    }),
    // role: manager
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(openingHoursOf((await loadScheduleRules(c.get("deps").db)).week), 200);
    },
  )
  .openapi(
    createRoute({
      ...admin,
      method: "put",
      path: "/admin/hours",
      summary: "Set each weekday's opening and closing time, or closed all day",
      request: jsonBody(openingHoursBody),
      responses: { 200: jsonResponse(openingHoursResponse), ...adminErrors },
    }),
    // role: manager
    async (c) => c.json(await updateOpeningHours(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  );
