import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  createMembershipSessionRequest,
  membershipBenefitsResponse,
  membershipSessionResponse,
  restartLinkRequest,
  restartLinkResponse,
  restartSignupRequest,
  restartSignupResponse,
} from "../../contracts/membership";
import { publicPlansResponse } from "../../contracts/membership-plans";
import { membershipBenefits } from "../../domain/booking-rules";
import type { AppEnv } from "../deps";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { loadBookingRules } from "../settings/booking-rules";
import { loadPublicPlans } from "../settings/membership-plans";
import { loadRateCard } from "../settings/rate-card";
import { cancelWaitingSignup } from "./cancel-waiting-signup";
import { createMembershipSession } from "./create-membership-session";
import { RESTART_LINK_SENT_MESSAGE, sendSignupRestartLink } from "./send-signup-restart-link";

const error = (description: string) => jsonResponse(errorResponse, description);

// SPEC §2 Join membership: the signup's checkout, its restart link, and what /signup shows.
export const signupRoutes = new OpenAPIHono<AppEnv>()
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
  );
