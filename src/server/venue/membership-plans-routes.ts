import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { membershipPlansRequest, membershipPlansResponse } from "../../contracts/membership-plans";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { membershipPlansOf, updateMembershipPlans } from "./update-membership-plans";

// Issue 32 item 3: the membership plans, in /admin/settings/plans.
export const membershipPlansRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/membership-plans",
      summary: "The membership plans: name, price, interval and the payment provider's price id",
      responses: { 200: jsonResponse(membershipPlansResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await membershipPlansOf(c.get("deps")), 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "put",
      path: "/admin/membership-plans",
      summary:
        "Save the membership plans; /signup and new checkouts follow at once, running subscriptions keep what was sold",
      request: jsonBody(membershipPlansRequest),
      responses: { 200: jsonResponse(membershipPlansResponse), ...adminErrors },
    }),
    async (c) =>
      c.json(await updateMembershipPlans(c.get("deps"), currentUser(c), c.req.valid("json").plans), 200),
  );
