import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  closureImpactBody,
  closureImpactResponse,
  exceptionParams,
  saveClosureBody,
  saveClosureResponse,
  scheduleExceptionsResponse,
} from "../../contracts/venue";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { jsonBody, jsonResponse } from "../http/openapi";
import { closureImpact } from "./closure-impact";
import { saveClosure } from "./save-closure";
import { listScheduleExceptions, removeScheduleException } from "./schedule-exceptions";

// Venue settings are a manager's (issue 33).
const admin = { ...staffOnly("manager"), tags: ["Admin settings"] };

// Issue 31 item 3: Settings › Hours › special days and closures.
export const closureRoutes = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      ...admin,
      method: "get",
      path: "/admin/closures",
      summary: "The special days and closures to come",
      responses: { 200: jsonResponse(scheduleExceptionsResponse), ...adminErrors },
    }),
    // role: manager
    async (c) => {
      c.header("cache-control", "no-store");
      const deps = c.get("deps");
      return c.json(await listScheduleExceptions(deps.db, deps.now()), 200);
    },
  )
  .openapi(
    createRoute({
      ...admin,
      method: "post",
      path: "/admin/closures/impact",
      summary: "Before saving: every booking, hold and event a closure or special day would take time from",
      request: jsonBody(closureImpactBody),
      responses: { 200: jsonResponse(closureImpactResponse), ...adminErrors },
    }),
    // role: manager
    async (c) => {
      const deps = c.get("deps");
      return c.json(await closureImpact(deps.db, c.req.valid("json").draft, deps.now()), 200);
    },
  )
  .openapi(
    createRoute({
      ...admin,
      method: "post",
      path: "/admin/closures",
      summary:
        "Save a closure or special day and keep, move or cancel (with a full refund) the bookings in it",
      request: jsonBody(saveClosureBody),
      responses: { 200: jsonResponse(saveClosureResponse), ...adminErrors },
    }),
    // role: manager
    async (c) => c.json(await saveClosure(c.get("deps"), currentUser(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      ...admin,
      method: "delete",
      path: "/admin/closures/{kind}/{id}",
      summary: "Remove a closure or special day",
      request: { params: exceptionParams },
      responses: { 200: jsonResponse(scheduleExceptionsResponse), ...adminErrors },
    }),
    // role: manager
    async (c) => {
      const { kind, id } = c.req.valid("param");
      return c.json(await removeScheduleException(c.get("deps"), currentUser(c), kind, id), 200);
    },
  );
