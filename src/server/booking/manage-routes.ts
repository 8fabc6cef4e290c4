import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import { HOLD_TOKEN_HEADER } from "../../contracts/headers";
import {
  bookingView,
  manageLinkRequest,
  manageLinkResponse,
  manageTokenParams,
  rescheduleQuoteQuery,
  rescheduleQuoteResponse,
  rescheduleRequest,
  selfCancelResponse,
} from "../../contracts/manage";
import type { AppEnv } from "../deps";
import { calendarDownload, calendarResponse } from "../http/calendar-download";
import { clientIp } from "../http/client-ip";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { bookingCalendar, createManageLink, getConfirmation, getManagedBooking } from "./booking-views";
import { cancelBookingByCustomer } from "./cancel-booking-by-customer";
import { loadCustomerHold, openManageLink } from "./manage-access";
import { quoteReschedule } from "./quote-reschedule";
import { rescheduleBookingItem } from "./reschedule-booking-item";

const error = (description: string) => jsonResponse(errorResponse, description);
const holdParams = z.object({ holdId: z.uuid("Booking not found") });
const throttled = error("Too many wrong or expired links from this address (Retry-After)");

const holdTokenOf = (header: string | undefined) => header?.slice(0, 200) || null;

// Issue 14 items 2 and 3 (decision 019): /success reads the booking with its hold token (or the
// owner's session); the manage page with its manage link. Both answer 404 for anyone else.
export const manageRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/holds/{holdId}/confirmation",
      tags: ["Booking"],
      summary: `/success: the paid booking, for its hold token (header ${HOLD_TOKEN_HEADER}) or its owner`,
      request: { params: holdParams },
      responses: { 200: jsonResponse(bookingView), ...errorResponses, 404: error("Not yours, or not found") },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const view = await getConfirmation(c.get("deps"), c.req.valid("param").holdId, {
        holdToken: holdTokenOf(c.req.header(HOLD_TOKEN_HEADER)),
        user: c.get("user"),
      });
      return c.json(view, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/holds/{holdId}/calendar",
      tags: ["Booking"],
      summary: "Add to calendar on /success: the booking as .ics (hold token header or owner)",
      request: { params: holdParams },
      responses: { 200: calendarResponse, ...errorResponses, 404: error("Not yours, or not found") },
    }),
    async (c) => {
      const hold = await loadCustomerHold(c.get("deps").db, c.req.valid("param").holdId, {
        holdToken: holdTokenOf(c.req.header(HOLD_TOKEN_HEADER)),
        user: c.get("user"),
      });
      return calendarDownload(c, await bookingCalendar(c.get("deps"), hold));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/holds/{holdId}/manage-link",
      tags: ["Booking"],
      summary: "Manage booking on /success: a new manage link (hold token in the body, or the owner)",
      request: { params: holdParams, ...jsonBody(manageLinkRequest) },
      responses: {
        201: jsonResponse(manageLinkResponse, "Created"),
        ...errorResponses,
        404: error("Not yours, or not found"),
        409: error("The payment is not confirmed yet"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      const link = await createManageLink(c.get("deps"), c.req.valid("param").holdId, {
        holdToken: c.req.valid("json").holdToken ?? null,
        user: c.get("user"),
      });
      return c.json(link, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/manage/{token}",
      tags: ["Booking"],
      summary: "The manage page: the booking its link opens (10 wrong links per address per 15 min)",
      request: { params: manageTokenParams },
      responses: {
        200: jsonResponse(bookingView),
        ...errorResponses,
        404: error("Unknown or expired link"),
        429: throttled,
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      c.header("referrer-policy", "no-referrer");
      return c.json(await getManagedBooking(c.get("deps"), c.req.valid("param").token, clientIp(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/manage/{token}/calendar",
      tags: ["Booking"],
      summary: "Add to calendar on the manage page: the booking as .ics",
      request: { params: manageTokenParams },
      responses: {
        200: calendarResponse,
        ...errorResponses,
        404: error("Unknown or expired link"),
        429: throttled,
      },
    }),
    async (c) => {
      const hold = await openManageLink(c.get("deps"), c.req.valid("param").token, clientIp(c));
      return calendarDownload(c, await bookingCalendar(c.get("deps"), hold));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/manage/{token}/cancel",
      tags: ["Booking"],
      summary: "Self-service cancellation under the venue's policy, refunded through the payment spine",
      request: { params: manageTokenParams },
      responses: {
        200: jsonResponse(selfCancelResponse),
        ...errorResponses,
        403: error("The policy is off, or it is too late to cancel online"),
        404: error("Unknown or expired link"),
        409: error("Already cancelled"),
        429: throttled,
        502: error("Refund failed at the payment provider"),
      },
    }),
    async (c) => {
      const result = await cancelBookingByCustomer(
        c.get("deps"),
        c.req.valid("param").token,
        clientIp(c),
        c.get("user")?.id ?? null,
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/manage/{token}/reschedule",
      tags: ["Booking"],
      summary:
        "Self-service move of one item to another free time of the same type and duration, priced at the new time: a dearer one answers with pendingMove (the checkout for the difference)",
      request: { params: manageTokenParams, ...jsonBody(rescheduleRequest) },
      responses: {
        200: jsonResponse(bookingView),
        ...errorResponses,
        403: error("The policy is off, or it is too late to change online"),
        404: error("Unknown or expired link, or no such item"),
        409: error("The new time is taken"),
        429: throttled,
      },
    }),
    async (c) => {
      const view = await rescheduleBookingItem(
        c.get("deps"),
        c.req.valid("param").token,
        clientIp(c),
        c.get("user")?.id ?? null,
        c.req.valid("json"),
      );
      return c.json(view, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/manage/{token}/reschedule-quote",
      tags: ["Booking"],
      summary: "What moving one item to that time would cost or give back, before the move",
      request: { params: manageTokenParams, query: rescheduleQuoteQuery },
      responses: {
        200: jsonResponse(rescheduleQuoteResponse),
        ...errorResponses,
        404: error("Unknown or expired link, or no such item"),
        429: throttled,
      },
    }),
    async (c) => {
      c.header("cache-control", "private, no-store");
      const quote = await quoteReschedule(
        c.get("deps"),
        c.req.valid("param").token,
        clientIp(c),
        c.req.valid("query"),
      );
      return c.json(quote, 200);
    },
  );
