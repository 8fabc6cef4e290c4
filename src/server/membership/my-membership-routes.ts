import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "../../contracts/common";
import {
  billingPortalResponse,
  cancelMyMembershipRequest,
  myMembershipResponse,
} from "../../contracts/membership";
import type { AppEnv } from "../deps";
import { currentUser, requireMember, requireUser } from "../http/guards";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { cancelMyMembership } from "./cancel-my-membership";
import { getMyMembership, openBillingPortal } from "./my-membership";

const error = (description: string) => jsonResponse(errorResponse, description);

// Issue 34: a member's own membership page and its two actions (change card, cancel at period end).
export const myMembershipRoutes = new OpenAPIHono<AppEnv>()
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
  );
