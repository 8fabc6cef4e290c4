import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  cancelMembershipRequest,
  freezeRequest,
  memberIdParams,
  memberResponse,
  membersResponse,
  subscriptionInfoResponse,
} from "../../contracts/admin-members";
import { compMembershipRequest, compMembershipResponse } from "../../contracts/membership-plans";
import type { AppEnv } from "../deps";
import { adminErrors, managerPasswordErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { cancelMembership, getSubscriptionInfo } from "./cancel-membership";
import { compMembership } from "./comp-membership";
import { freezeMember } from "./freeze-member";
import { listMembers } from "./list-members";

export const memberRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "get",
      path: "/admin/members",
      summary: "SPEC §7 get_active_members: every member, frozen ones included",
      responses: { 200: jsonResponse(membersResponse), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await listMembers(c.get("deps").db), 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "post",
      path: "/admin/members/comp",
      summary:
        "Comp a membership (issue 32 item 3): the account with this email is a member for N months without payment",
      request: jsonBody(compMembershipRequest),
      responses: { 200: jsonResponse(compMembershipResponse), ...adminErrors },
    }),
    async (c) => c.json(await compMembership(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "post",
      path: "/admin/members/{id}/freeze",
      summary: "SPEC §7 freeze_account (freeze or unfreeze), behind the manager password",
      request: { params: memberIdParams, ...jsonBody(freezeRequest) },
      responses: { 200: jsonResponse(memberResponse), ...managerPasswordErrors },
    }),
    async (c) => {
      const member = await freezeMember(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ member }, 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("front_desk"),
      method: "get",
      path: "/admin/members/{id}/subscription",
      summary: "SPEC §7 get_subscription_info: the next billing date",
      request: { params: memberIdParams },
      responses: { 200: jsonResponse(subscriptionInfoResponse), ...adminErrors },
    }),
    async (c) => c.json(await getSubscriptionInfo(c.get("deps"), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "post",
      path: "/admin/members/{id}/cancel-membership",
      summary: "SPEC §7 cancel_membership: ends at the end of the period, behind the manager password",
      request: { params: memberIdParams, ...jsonBody(cancelMembershipRequest) },
      responses: { 200: jsonResponse(memberResponse), ...managerPasswordErrors },
    }),
    async (c) => {
      const member = await cancelMembership(
        c.get("deps"),
        currentUser(c),
        c.req.valid("param").id,
        c.req.valid("json").managerPassword,
      );
      return c.json({ member }, 200);
    },
  );
