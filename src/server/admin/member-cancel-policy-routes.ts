import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { memberCancelPolicySchema } from "../../contracts/membership";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { loadMemberCancelPolicy } from "../settings/member-cancel-policy";
import { updateMemberCancelPolicy } from "./update-member-cancel-policy";

// Issue 34 item 4: whether members may cancel their own membership online, set by staff in Settings.
export const memberCancelPolicyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/member-cancel-policy",
      summary: "Whether members may cancel their membership online at period end (off by default)",
      responses: { 200: jsonResponse(memberCancelPolicySchema), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await loadMemberCancelPolicy(c.get("deps").db), 200);
    },
  )
  .openapi(
    // role: manager
    createRoute({
      ...staffOnly("manager"),
      method: "put",
      path: "/admin/member-cancel-policy",
      summary: "Let members cancel their membership online at period end, or not",
      request: jsonBody(memberCancelPolicySchema),
      responses: { 200: jsonResponse(memberCancelPolicySchema), ...adminErrors },
    }),
    async (c) =>
      c.json(await updateMemberCancelPolicy(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  );
