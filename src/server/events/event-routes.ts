import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  eventDetailResponse,
  eventIdParams,
  eventListResponse,
  REGISTRATION_TOKEN_HEADER,
  registrationCheckoutResponse,
  registrationIdParams,
  registrationReceipt,
  registrationRequest,
  registrationResponse,
  registrationStatusResponse,
  registrationTokenBody,
} from "../../contracts/events";
import type { SessionUser } from "../auth/session-user";
import type { AppEnv } from "../deps";
import { calendarDownload, calendarResponse } from "../http/calendar-download";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { AppError } from "../lib/errors";
import { cancelRegistration } from "./cancel-registration";
import { getEvent } from "./get-event";
import { getRegistrationStatus } from "./get-registration-status";
import { listEvents } from "./list-events";
import { registerForEvent } from "./register-for-event";
import { getRegistrationReceipt, registrationCalendar } from "./registration-receipt";
import { startRegistrationCheckout } from "./start-registration-checkout";

const error = (description: string) => jsonResponse(errorResponse, description);
const tags = ["Events"];
/** The browser's token or the manage link's, in the header; the signed-in registrant needs none. */
const readerOf = (
  c: { req: { header: (name: string) => string | undefined } },
  user: SessionUser | null,
) => ({
  token: c.req.header(REGISTRATION_TOKEN_HEADER)?.slice(0, 200) || null,
  user,
});

// SPEC §2 Events (public) and §7 Event registrations. Anyone may call these; private events are
// filtered for everyone but admins inside the use cases (DECISIONS.md), in the list, the detail
// and registration alike.
export const eventRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/events",
      tags,
      summary: "Upcoming events (private ones for admins only)",
      responses: { 200: jsonResponse(eventListResponse), ...errorResponses },
    }),
    async (c) => {
      c.header("cache-control", "private, no-store");
      return c.json(await listEvents(c.get("deps"), c.get("user")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/events/{id}",
      tags,
      summary: "One event with its participants (unless hidden) and this viewer's price",
      request: { params: eventIdParams },
      responses: { 200: jsonResponse(eventDetailResponse), ...errorResponses, 404: error("Event not found") },
    }),
    async (c) => {
      c.header("cache-control", "private, no-store");
      return c.json(await getEvent(c.get("deps"), c.get("user"), c.req.valid("param").id), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/events/{id}/registrations",
      tags,
      summary: "Register: confirmed at once when free, otherwise pending with a 15-minute payment hold",
      request: { params: eventIdParams, ...jsonBody(registrationRequest) },
      responses: {
        201: jsonResponse(registrationResponse, "Registered"),
        ...errorResponses,
        404: error("Event not found"),
        409: error("The event is full or has ended"),
      },
    }),
    async (c) => {
      const result = await registerForEvent(
        c.get("deps"),
        c.get("user"),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      c.header("cache-control", "no-store");
      return c.json(result, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/events/registrations/{id}",
      tags,
      summary: `A pending registration's state, for the holder of its token (header ${REGISTRATION_TOKEN_HEADER})`,
      request: { params: registrationIdParams },
      responses: {
        200: jsonResponse(registrationStatusResponse),
        ...errorResponses,
        404: error("Not found"),
      },
    }),
    async (c) => {
      const token = c.req.header(REGISTRATION_TOKEN_HEADER);
      if (!token) throw new AppError("FORBIDDEN", "This registration does not belong to you");
      c.header("cache-control", "no-store");
      return c.json(await getRegistrationStatus(c.get("deps"), c.req.valid("param").id, token), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/events/registrations/{id}/checkout",
      tags,
      summary: "SPEC §7 create-event-checkout: the checkout URL for this registration's price",
      request: { params: registrationIdParams, ...jsonBody(registrationTokenBody) },
      responses: {
        200: jsonResponse(registrationCheckoutResponse),
        ...errorResponses,
        404: error("Not found"),
        409: error("Already paid"),
        410: error("Registration time expired"),
        502: error("Failed to create checkout session"),
      },
    }),
    async (c) => {
      const result = await startRegistrationCheckout(
        c.get("deps"),
        c.req.valid("param").id,
        c.req.valid("json").holdToken,
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/events/registrations/{id}/cancel",
      tags,
      summary: "← Back to Events: cancel this browser's pending registration",
      request: { params: registrationIdParams, ...jsonBody(registrationTokenBody) },
      responses: {
        200: jsonResponse(registrationStatusResponse),
        ...errorResponses,
        404: error("Not found"),
      },
    }),
    async (c) => {
      const result = await cancelRegistration(
        c.get("deps"),
        c.req.valid("param").id,
        c.req.valid("json").holdToken,
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/events/registrations/{id}/receipt",
      tags,
      summary: `The receipt (issue 34): for the registering browser's or the manage link's token (header ${REGISTRATION_TOKEN_HEADER}), or the signed-in registrant`,
      request: { params: registrationIdParams },
      responses: {
        200: jsonResponse(registrationReceipt),
        ...errorResponses,
        404: error("Not yours, expired link, or not found"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const receipt = await getRegistrationReceipt(
        c.get("deps"),
        c.req.valid("param").id,
        readerOf(c, c.get("user")),
      );
      return c.json(receipt, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/events/registrations/{id}/calendar",
      tags,
      summary: "Add to calendar on the receipt: the confirmed registration's event as .ics",
      request: { params: registrationIdParams },
      responses: {
        200: calendarResponse,
        ...errorResponses,
        404: error("Not yours, not confirmed, or not found"),
      },
    }),
    async (c) => {
      const file = await registrationCalendar(
        c.get("deps"),
        c.req.valid("param").id,
        readerOf(c, c.get("user")),
      );
      return calendarDownload(c, file);
    },
  );
