import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { auditLogQuery, auditLogResponse } from "../../contracts/admin-audit";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { jsonResponse } from "../http/openapi";
import { listAuditLog } from "./list-audit-log";

export const auditRoutes = new OpenAPIHono<AppEnv>().openapi(
  createRoute({
    ...staffOnly("manager"),
    method: "get",
    path: "/admin/audit-log",
    summary: "The manager-password audit log, newest first (read-only)",
    request: { query: auditLogQuery },
    responses: { 200: jsonResponse(auditLogResponse), ...adminErrors },
  }),
  async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await listAuditLog(c.get("deps").db, c.req.valid("query")), 200);
  },
);
