import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  billingPortalResponse,
  bookFreeReservationRequest,
  bookFreeReservationResponse,
  cancelMyMembershipRequest,
  createMembershipSessionRequest,
  freeSlotsQuery,
  freeSlotsResponse,
  membershipBenefitsResponse,
  membershipSessionResponse,
  myMembershipResponse,
  myReservationsResponse,
  restartLinkRequest,
  restartLinkResponse,
  restartSignupRequest,
  restartSignupResponse,
} from "../../contracts/membership";
import { publicPlansResponse } from "../../contracts/membership-plans";
import { membershipBenefits } from "../../domain/booking-rules";
import type { AppEnv } from "../deps";
import { currentUser, requireMember, requireUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { loadBookingRules } from "../settings/booking-rules";
import { loadPublicPlans } from "../settings/membership-plans";
import { loadRateCard } from "../settings/rate-card";
import { bookFreeReservation } from "./book-free-reservation";
import { cancelMyMembership } from "./cancel-my-membership";
import { cancelWaitingSignup } from "./cancel-waiting-signup";
import { createMembershipSession } from "./create-membership-session";
import { getCalendarFile } from "./get-calendar-file";
import { getFreeSlots } from "./get-free-slots";
import { listMyReservations } from "./list-my-reservations";
import { getMyMembership, openBillingPortal } from "./my-membership";
import { RESTART_LINK_SENT_MESSAGE, sendSignupRestartLink } from "./send-signup-restart-link";

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
      method: "post",
      path: "/membership/checkout/restart-link",
      tags: ["Membership"],
      summary:
        "A signup for this email waits for payment: email the address a link that cancels it (one an hour per signup)",
      request: jsonBody(restartLinkRequest),
      responses: { 202: jsonResponse(restartLinkResponse), 400: errorResponses[400] },
    }),
    async (c) => {
      await sendSignupRestartLink(c.get("deps"), c.req.valid("json").email);
      return c.json({ message: RESTART_LINK_SENT_MESSAGE }, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/membership/checkout/restart",
      tags: ["Membership"],
      summary:
        "The link emailed to an address whose signup waits for payment: cancels that signup so the email's owner can sign up",
      request: jsonBody(restartSignupRequest),
      responses: {
        200: jsonResponse(restartSignupResponse),
        400: error("The link is wrong, spent, or its signup has ended"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await cancelWaitingSignup(c.get("deps"), c.req.valid("json").token), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/membership/benefits",
      tags: ["Membership"],
      summary: "The membership's benefits as /signup lists them, from the venue's booking rules and prices",
      responses: { 200: jsonResponse(membershipBenefitsResponse), ...errorResponses },
    }),
    async (c) => {
      const db = c.get("deps").db;
      const [rules, card] = await Promise.all([loadBookingRules(db), loadRateCard(db)]);
      return c.json({ benefits: membershipBenefits(rules, card) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/membership/plans",
      tags: ["Membership"],
      summary: "The membership plans as /signup shows them, with the savings note computed from the plans",
      responses: { 200: jsonResponse(publicPlansResponse), ...errorResponses },
    }),
    async (c) => c.json(await loadPublicPlans(c.get("deps").db), 200),
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
      path: "/me/membership",
      tags: ["Membership"],
      summary: "My membership (issue 34): plan, price, renewal or end date, card, invoices, how to cancel",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse(myMembershipResponse), ...errorResponses },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await getMyMembership(c.get("deps"), currentUser(c).id), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/me/membership/billing-portal",
      tags: ["Membership"],
      summary: "Change card: the payment provider's hosted page for my card (Stripe's billing portal)",
      middleware: [requireMember] as const,
      responses: {
        200: jsonResponse(billingPortalResponse),
        ...errorResponses,
        409: error("No card on file online"),
        502: error("The provider could not open the page"),
        503: error("Online payment is not configured"),
      },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await openBillingPortal(c.get("deps"), currentUser(c).id), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/me/membership/cancel",
      tags: ["Membership"],
      summary: "Cancel my membership at period end, when the venue allows it online (off by default)",
      middleware: [requireMember] as const,
      request: jsonBody(cancelMyMembershipRequest),
      responses: {
        200: jsonResponse(myMembershipResponse),
        ...errorResponses,
        403: error("The venue's staff cancel memberships (call us)"),
        409: error("Already set to end"),
        502: error("The provider refused"),
      },
    }),
    async (c) => c.json(await cancelMyMembership(c.get("deps"), currentUser(c).id), 200),
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
