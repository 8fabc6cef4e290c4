import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  availabilityQuery,
  availabilityResponse,
  bookingContextQuery,
  bookingContextResponse,
  couponCheckRequest,
  couponCheckResponse,
  quoteRequest,
  quoteResponse,
} from "../../contracts/booking";
import {
  cancelHoldRequest,
  cancelHoldResponse,
  cancelItemResponse,
  checkoutResponse,
  createHoldRequest,
  createHoldResponse,
  HOLD_TOKEN_HEADER,
  holdSummary,
  holdTokenBody,
} from "../../contracts/booking-holds";
import { errorResponse } from "../../contracts/common";
import type { AppEnv } from "../deps";
import { clientIp } from "../http/client-ip";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { AppError } from "../lib/errors";
import { cancelHold } from "./cancel-hold";
import { cancelHoldItem } from "./cancel-hold-item";
import { checkCoupon } from "./check-coupon";
import { createHold } from "./create-hold";
import { getAvailability } from "./get-availability";
import { getBookingContext } from "./get-booking-context";
import { getHold } from "./get-hold";
import { quoteCart } from "./quote-cart";
import { startCheckout } from "./start-checkout";

const error = (description: string) => jsonResponse(errorResponse, description);
const holdParams = z.object({ holdId: z.uuid("Reservation not found") });
const itemParams = holdParams.extend({ reservationId: z.uuid("Reservation not found") });

export const bookingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/context",
      tags: ["Booking"],
      summary: "Booking window, durations, pricing and (admins) the member booked for",
      request: { query: bookingContextQuery },
      responses: {
        200: jsonResponse(bookingContextResponse),
        ...errorResponses,
        404: error("No such member"),
      },
    }),
    async (c) => {
      const context = await getBookingContext(c.get("deps"), c.get("user"), {
        memberId: c.req.valid("query").member,
      });
      c.header("cache-control", "no-store");
      return c.json(context, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/availability",
      tags: ["Booking"],
      summary: "SPEC §5 time slots for one facility type, date and duration, with both prices",
      request: { query: availabilityQuery },
      responses: { 200: jsonResponse(availabilityResponse), ...errorResponses, 404: error("No such member") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const result = await getAvailability(c.get("deps"), c.get("user"), {
        facilityType: q.facilityType,
        date: q.date,
        duration: Number(q.duration),
        memberId: q.member,
        useNonMemberPricing: q.nonMemberPricing === "true",
        courts: q.courts === "true",
      });
      c.header("cache-control", "no-store");
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/coupon-check",
      tags: ["Booking"],
      summary: "SPEC §7 apply_coupon: the discount a code gives on this cart",
      request: jsonBody(couponCheckRequest),
      responses: { 200: jsonResponse(couponCheckResponse), ...errorResponses },
    }),
    async (c) => {
      return c.json(await checkCoupon(c.get("deps"), c.get("user"), c.req.valid("json")), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/quote",
      tags: ["Booking"],
      summary: "The cart's subtotal, discount and total, with the coupon when a code is given",
      request: jsonBody(quoteRequest),
      responses: { 200: jsonResponse(quoteResponse), ...errorResponses },
    }),
    async (c) => {
      const quote = await quoteCart(c.get("deps"), c.get("user"), c.req.valid("json"));
      c.header("cache-control", "no-store");
      return c.json(quote, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/holds",
      tags: ["Booking"],
      summary: "Continue to Payment: pending reservations held for 15 minutes",
      request: jsonBody(createHoldRequest),
      responses: {
        201: jsonResponse(createHoldResponse, "Held"),
        ...errorResponses,
        409: error(
          "A slot is no longer available (SLOT_TAKEN); details: slotTakenDetails, with the next-best free time",
        ),
        429: error(
          "A limit against hoarding: too many active holds or holds from this address (Retry-After)",
        ),
      },
    }),
    async (c) => {
      const hold = await createHold(c.get("deps"), c.get("user"), c.req.valid("json"), {
        ip: clientIp(c),
        holdToken: c.req.header(HOLD_TOKEN_HEADER)?.slice(0, 200) || null,
      });
      c.header("cache-control", "no-store");
      return c.json(hold, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/booking/holds/{holdId}",
      tags: ["Booking"],
      summary: `The hold, for the holder of its token (header ${HOLD_TOKEN_HEADER})`,
      request: { params: holdParams },
      responses: { 200: jsonResponse(holdSummary), ...errorResponses, 404: error("No such hold") },
    }),
    async (c) => {
      const token = c.req.header(HOLD_TOKEN_HEADER);
      if (!token) throw new AppError("FORBIDDEN", "This reservation hold does not belong to you");
      c.header("cache-control", "no-store");
      return c.json(await getHold(c.get("deps"), c.req.valid("param").holdId, token), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/holds/{holdId}/checkout",
      tags: ["Booking"],
      summary: "Pay $amount: the checkout URL for exactly the held items and discount",
      request: { params: holdParams, ...jsonBody(holdTokenBody) },
      responses: {
        200: jsonResponse(checkoutResponse),
        ...errorResponses,
        404: error("No such hold"),
        409: error("Already paid"),
        410: error("Reservation time expired (HOLD_EXPIRED)"),
        502: error("Failed to create checkout session"),
      },
    }),
    async (c) => {
      const result = await startCheckout(
        c.get("deps"),
        c.req.valid("param").holdId,
        c.req.valid("json").holdToken,
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/holds/{holdId}/items/{reservationId}/cancel",
      tags: ["Booking"],
      summary: "Remove a cart item in payment mode: cancels that pending reservation",
      request: { params: itemParams, ...jsonBody(holdTokenBody) },
      responses: {
        200: jsonResponse(cancelItemResponse),
        ...errorResponses,
        404: error("No such reservation in this hold"),
        409: error("Already paid"),
      },
    }),
    async (c) => {
      const { holdId, reservationId } = c.req.valid("param");
      const result = await cancelHoldItem(c.get("deps"), {
        holdId,
        reservationId,
        holdToken: c.req.valid("json").holdToken,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/booking/holds/cancel",
      tags: ["Booking"],
      summary: "/cancel: cancel the pending hold (by hold id or checkout session id) with its token",
      request: jsonBody(cancelHoldRequest),
      responses: {
        200: jsonResponse(cancelHoldResponse),
        ...errorResponses,
        404: error("No such hold"),
        409: error("Already paid"),
      },
    }),
    async (c) => c.json(await cancelHold(c.get("deps"), c.req.valid("json")), 200),
  );
