import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  bookFreeReservationRequest,
  bookFreeReservationResponse,
  createMembershipSessionRequest,
  freeSlotsQuery,
  freeSlotsResponse,
  membershipSessionResponse,
  myReservationsResponse,
} from "../../contracts/membership";
import { currentUser, requireMember, requireUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import type { AppEnv } from "../kernel/deps";
import { bookFreeReservation } from "./book-free-reservation";
import { createMembershipSession } from "./create-membership-session";
import { getCalendarFile } from "./get-calendar-file";
import { getFreeSlots } from "./get-free-slots";
import { listMyReservations } from "./list-my-reservations";

const error = (description: string) => jsonResponse(errorResponse, description);
const idParams = z.object({ id: z.uuid("Reservation not found") });
const calendarResponse = {
  content: { "text/calendar": { schema: z.string() } },
  description: "An iCalendar file",
};

// SPEC §2 Join membership, Member Free Reservations, My Reservations. Guests get 401 and signed-in
// non-members 403 "This page is for members only" from the guards; a frozen account has no session.
export const membershipRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/membership/checkout",
      tags: ["Membership"],
      summary: "SPEC §7 create-membership-session: store the signup (password hashed), get the checkout URL",
      request: jsonBody(createMembershipSessionRequest),
      responses: {
        200: jsonResponse(membershipSessionResponse),
        400: errorResponses[400],
        409: error("An account with this email already exists"),
        502: error("Failed to start subscription process"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await createMembershipSession(c.get("deps"), c.req.valid("json")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/membership/free-reservations",
      tags: ["Membership"],
      summary: "The week's free allowance ((N remaining)) and the free court times of a date",
      middleware: [requireMember] as const,
      request: { query: freeSlotsQuery },
      responses: { 200: jsonResponse(freeSlotsResponse), ...errorResponses },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const result = await getFreeSlots(c.get("deps"), currentUser(c).id, c.req.valid("query").date);
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/membership/free-reservations",
      tags: ["Membership"],
      summary: "Book a free 2-hour court (members, 2 per week)",
      middleware: [requireMember] as const,
      request: jsonBody(bookFreeReservationRequest),
      responses: {
        201: jsonResponse(bookFreeReservationResponse, "Booked"),
        ...errorResponses,
        409: error("The week's free reservations are used, or the time was taken"),
      },
    }),
    async (c) => {
      const result = await bookFreeReservation(c.get("deps"), currentUser(c), c.req.valid("json"));
      return c.json(result, 201);
    },
  )
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

function calendarDownload(
  c: { body: (data: string, status: 200, headers: Record<string, string>) => Response },
  file: { filename: string; body: string },
) {
  return c.body(file.body, 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": "private, no-store",
  });
}
