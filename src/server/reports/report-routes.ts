import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { reportParams, reportQuery, reportResponse } from "../../contracts/reports";
import {
  defaultReportRange,
  isReportKind,
  type ReportKind,
  reportRangeProblem,
  unknownReportMessage,
} from "../../domain/reports";
import { venueToday } from "../../domain/venue-time";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { jsonResponse } from "../http/openapi";
import { AppError, fieldError } from "../lib/errors";
import { bookingsReport } from "./bookings-report";
import { revenueReport } from "./revenue-report";
import { couponsReport, customersReport, eventsReport, membersReport } from "./sales-reports";
import { utilisationReport } from "./utilisation-report";

// Issue 33 item 3: the owner's reports, managers and the owner only. A range over 3 years, an end
// before the start or an unknown report is refused with its reason before any query runs.
export const reportRoutes = new OpenAPIHono<AppEnv>().openapi(
  createRoute({
    ...staffOnly("manager"),
    method: "get",
    path: "/admin/reports/{report}",
    summary:
      "A report (revenue, utilisation, bookings, members, coupons, events, customers) for a date range of the venue's calendar, compared with the period before",
    request: { params: reportParams, query: reportQuery },
    responses: { 200: jsonResponse(reportResponse), ...adminErrors },
  }),
  async (c) => {
    const { report } = c.req.valid("param");
    if (!isReportKind(report)) throw new AppError("NOT_FOUND", unknownReportMessage(report));
    const deps = c.get("deps");
    const fallback = defaultReportRange(venueToday(deps.now()));
    const query = c.req.valid("query");
    const range = { from: query.from ?? fallback.from, to: query.to ?? fallback.to };
    const problem = reportRangeProblem(range.from, range.to);
    if (problem) throw fieldError(problem.field, problem.message);
    c.header("cache-control", "private, no-store");
    const db = deps.db;
    const build = {
      revenue: () => revenueReport(db, range),
      utilisation: () => utilisationReport(db, range),
      bookings: () => bookingsReport(db, range, deps.now()),
      members: () => membersReport(db, range),
      coupons: () => couponsReport(db, range),
      events: () => eventsReport(db, range),
      customers: () => customersReport(db, range),
    } satisfies Record<ReportKind, () => Promise<unknown>>;
    const answer = await build[report]();
    return c.json(answer, 200);
  },
);
