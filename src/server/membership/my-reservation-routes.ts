import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import { myReservationsResponse } from "../../contracts/membership";
import type { AppEnv } from "../deps";
import { calendarDownload, calendarResponse } from "../http/calendar-download";
import { currentUser, requireUser } from "../http/guards";
import { errorResponses, jsonResponse } from "../http/openapi";
import { getCalendarFile } from "./get-calendar-file";
import { listMyReservations } from "./list-my-reservations";

const error = (description: string) => jsonResponse(errorResponse, description);
const idParams = z.object({ id: z.uuid("Reservation not found") });

// SPEC §2 My Reservations, with each one's "Add to calendar" file.
export const myReservationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/me/reservations",
      tags: ["Membership"],
      summary: "SPEC §7 My bookings: confirmed reservations and registrations from today on, grouped",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse(myReservationsResponse), 401: errorResponses[401] },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await listMyReservations(c.get("deps"), currentUser(c).id), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/me/reservations/{id}/calendar",
      tags: ["Membership"],
      summary: "Add to calendar: one of my reservations as .ics",
      middleware: [requireUser] as const,
      request: { params: idParams },
      responses: { 200: calendarResponse, ...errorResponses, 404: error("Not yours, or not found") },
    }),
    async (c) => {
      const file = await getCalendarFile(c.get("deps"), currentUser(c).id, {
        kind: "reservation",
        id: c.req.valid("param").id,
      });
      return calendarDownload(c, file);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/me/event-registrations/{id}/calendar",
      tags: ["Membership"],
      summary: "Add to calendar: one of my event registrations as .ics",
      middleware: [requireUser] as const,
      request: { params: idParams },
      responses: { 200: calendarResponse, ...errorResponses, 404: error("Not yours, or not found") },
    }),
    async (c) => {
      const file = await getCalendarFile(c.get("deps"), currentUser(c).id, {
        kind: "registration",
        id: c.req.valid("param").id,
      });
      return calendarDownload(c, file);
    },
  );
