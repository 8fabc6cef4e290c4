import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { selfServicePolicySchema } from "../../contracts/manage";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import { updateSelfServicePolicy } from "./update-self-service-policy";

// Issue 14 item 3: the venue's self-service cancellation policy, set by staff in Settings.
export const selfServicePolicyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "get",
      path: "/admin/self-service-policy",
      summary: "The venue's self-service cancellation policy (off by default)",
      responses: { 200: jsonResponse(selfServicePolicySchema), ...adminErrors },
    }),
    async (c) => {
      c.header("cache-control", "no-store");
      return c.json(await loadSelfServicePolicy(c.get("deps").db), 200);
    },
  )
  .openapi(
    createRoute({
      ...staffOnly("manager"),
      method: "put",
      path: "/admin/self-service-policy",
      summary: "Turn self-service cancellation on or off; hours before the start and refund percentage",
      request: jsonBody(selfServicePolicySchema),
      responses: { 200: jsonResponse(selfServicePolicySchema), ...adminErrors },
    }),
    async (c) =>
      c.json(await updateSelfServicePolicy(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  );
