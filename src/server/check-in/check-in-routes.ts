import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { reservationIdParams } from "../../contracts/admin";
import { attendanceResponse, checkInCodeRequest, checkInResponse } from "../../contracts/check-in";
import { registrationIdParams } from "../../contracts/events";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { checkInByCode } from "./check-in-by-code";
import { checkInRegistration } from "./check-in-registration";
import { checkInReservation } from "./check-in-reservation";
import { markNoShow } from "./mark-no-show";
import { undoAttendance } from "./undo-attendance";

/** Issue 33 item 2: check-in and no-shows, the front desk's and up (docs/decisions/027). */
export const checkInRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/check-in",
      summary: "Check a booking (BK-…) or an event registration (EV-…) in by its reference, typed or scanned",
      request: jsonBody(checkInCodeRequest),
      responses: { 200: jsonResponse(checkInResponse), ...adminErrors },
    }),
    async (c) => c.json(await checkInByCode(c.get("deps"), currentUser(c), c.req.valid("json").code), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/reservations/{id}/check-in",
      summary: "Check one reservation in (confirmed, today, once)",
      request: { params: reservationIdParams },
      responses: { 200: jsonResponse(attendanceResponse), ...adminErrors },
    }),
    async (c) =>
      c.json(await checkInReservation(c.get("deps"), currentUser(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/reservations/{id}/no-show",
      summary: "Mark a confirmed, unchecked reservation a no-show, after its start",
      request: { params: reservationIdParams },
      responses: { 200: jsonResponse(attendanceResponse), ...adminErrors },
    }),
    async (c) => c.json(await markNoShow(c.get("deps"), currentUser(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/reservations/{id}/undo-no-show",
      summary:
        "Undo a no-show marked by mistake: the reservation is expected again (refused if not a no-show)",
      request: { params: reservationIdParams },
      responses: { 200: jsonResponse(attendanceResponse), ...adminErrors },
    }),
    async (c) =>
      c.json(await undoAttendance(c.get("deps"), currentUser(c), c.req.valid("param").id, "no-show"), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/reservations/{id}/undo-check-in",
      summary:
        "Undo a check-in made by mistake: the reservation is expected again (refused if not checked in)",
      request: { params: reservationIdParams },
      responses: { 200: jsonResponse(attendanceResponse), ...adminErrors },
    }),
    async (c) =>
      c.json(await undoAttendance(c.get("deps"), currentUser(c), c.req.valid("param").id, "check-in"), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/event-registrations/{id}/check-in",
      summary: "Check an event registration in (confirmed, on the event's day, once)",
      request: { params: registrationIdParams },
      responses: { 200: jsonResponse(attendanceResponse), ...adminErrors },
    }),
    async (c) =>
      c.json(await checkInRegistration(c.get("deps"), currentUser(c), c.req.valid("param").id), 200),
  );
