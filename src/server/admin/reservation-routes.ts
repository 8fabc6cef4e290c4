import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  editReservationRequest,
  manualReservationRequest,
  manualReservationResponse,
  paymentStatusRequest,
  reassignRequest,
  refundRequest,
  reservationIdParams,
  reservationResponse,
  statusRequest,
} from "../../contracts/admin";
import { deskPriceQuery, deskPriceResponse, refundQuoteResponse } from "../../contracts/desk-payments";
import type { AppEnv } from "../deps";
import { adminErrors, managerPasswordErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { createManualReservations } from "./create-manual-reservations";
import { getDeskPrice } from "./get-desk-price";
import { getRefundQuote } from "./get-refund-quote";
import { editReservation, reassignReservation } from "./move-reservation";
import { refundReservation } from "./refund-reservation";
import { setManualPaymentStatus, setReservationStatus } from "./update-reservation-status";

const withId = { params: reservationIdParams };

export const reservationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "get",
      path: "/admin/desk-price",
      summary: "Issue 32: the rate card's price of one desk booking (member and non-member)",
      request: { query: deskPriceQuery },
      responses: { 200: jsonResponse(deskPriceResponse), ...adminErrors },
    }),
    async (c) => c.json(await getDeskPrice(c.get("deps"), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/reservations",
      summary: "Add Free Reservation: one confirmed reservation per facility, all or none",
      request: jsonBody(manualReservationRequest),
      responses: { 201: jsonResponse(manualReservationResponse, "Created"), ...adminErrors },
    }),
    async (c) =>
      c.json(await createManualReservations(c.get("deps"), currentUser(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "post",
      path: "/admin/reservations/{id}/reassign",
      summary: "SPEC §7 reassign_court / reassign_dart_bay",
      request: { ...withId, ...jsonBody(reassignRequest) },
      responses: { 200: jsonResponse(reservationResponse), ...adminErrors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const reservation = await reassignReservation(
        c.get("deps"),
        currentUser(c),
        id,
        c.req.valid("json").facilityId,
      );
      return c.json({ reservation }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "patch",
      path: "/admin/reservations/{id}",
      summary: "SPEC §5 Admin edit reservation: time slot and facility",
      request: { ...withId, ...jsonBody(editReservationRequest) },
      responses: { 200: jsonResponse(reservationResponse), ...adminErrors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const reservation = await editReservation(c.get("deps"), currentUser(c), id, {
        startTime: body.startTime.slice(0, 5),
        facilityId: body.facilityId,
      });
      return c.json({ reservation }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "patch",
      path: "/admin/reservations/{id}/status",
      summary: "Set the status: pending, confirmed or cancelled",
      request: { ...withId, ...jsonBody(statusRequest) },
      responses: { 200: jsonResponse(reservationResponse), ...adminErrors },
    }),
    async (c) => {
      const reservation = await setReservationStatus(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json").status,
      );
      return c.json({ reservation }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "patch",
      path: "/admin/reservations/{id}/payment-status",
      summary: "Set manual_payment_status: unpaid or paid",
      request: { ...withId, ...jsonBody(paymentStatusRequest) },
      responses: { 200: jsonResponse(reservationResponse), ...adminErrors },
    }),
    async (c) => {
      const reservation = await setManualPaymentStatus(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json").manualPaymentStatus,
        c.req.valid("json").paymentMethod,
      );
      return c.json({ reservation }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/reservations/{id}/refund-quote",
      summary: "Issue 32: what was paid, refunded and remains, before a refund",
      request: withId,
      responses: { 200: jsonResponse(refundQuoteResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await getRefundQuote(c.get("deps"), c.req.valid("param").id), 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "post",
      path: "/admin/reservations/{id}/refund",
      summary: "SPEC §7 refund_reservation, behind the manager password",
      request: { ...withId, ...jsonBody(refundRequest) },
      responses: { 200: jsonResponse(reservationResponse), ...managerPasswordErrors },
    }),
    async (c) => {
      const reservation = await refundReservation(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ reservation }, 200);
    },
  );
