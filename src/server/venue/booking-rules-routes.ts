import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { bookingRulesResponse, bookingRulesSchema } from "../../contracts/booking-rules";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { readBookingRules } from "../settings/booking-rules";
import { updateBookingRules } from "./update-booking-rules";

// Issue 32 item 2: horizons, the payment hold and the member perks, in /admin/settings/booking-rules.
export const bookingRulesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/booking-rules",
      summary: "The venue's booking rules: horizons, hold time, members' free bookings",
      responses: { 200: jsonResponse(bookingRulesResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json({ rules: await readBookingRules(c.get("deps").db) }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "put",
      path: "/admin/booking-rules",
      summary: "Save the booking rules; new lookups, holds and free bookings follow them at once",
      request: jsonBody(bookingRulesSchema),
      responses: { 200: jsonResponse(bookingRulesResponse), ...adminErrors },
    }),
    async (c) => c.json(await updateBookingRules(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  );
