import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { exportParams, exportQuery } from "../../contracts/exports";
import { EXPORT_LABELS, exportFileName, exportRangeProblem } from "../../domain/csv-export";
import type { AppEnv } from "../deps";
import { adminErrors, staffOnly } from "../http/admin-openapi";
import { currentUser } from "../http/guards";
import { textStream } from "../http/text-stream";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { exportCsv } from "./export-csv";

// Issue 33 item 4: a CSV download per export, streamed batch by batch as the database gives it
// (export-csv.ts), so the file's size never sits in memory. Managers and the owner only.
export const exportRoutes = new OpenAPIHono<AppEnv>().openapi(
  createRoute({
    ...staffOnly("manager"),
    method: "get",
    path: "/admin/exports/{kind}",
    summary: "Download bookings, payments and refunds, members or event registrations of a date range as CSV",
    request: { params: exportParams, query: exportQuery },
    responses: {
      200: {
        content: { "text/csv": { schema: z.string() } },
        description: "A CSV file (RFC 4180), streamed",
      },
      ...adminErrors,
    },
  }),
  async (c) => {
    const { kind } = c.req.valid("param");
    const range = c.req.valid("query");
    const problem = exportRangeProblem(range.from, range.to);
    if (problem) throw new AppError("VALIDATION", problem.message, undefined, { field: problem.field });
    const deps = c.get("deps");
    const actor = currentUser(c);
    // Who took which data, for which dates: written before the first byte leaves.
    await writeAudit(deps.db, {
      action: "export_data",
      targetType: "export",
      targetId: kind,
      targetLabel: `${EXPORT_LABELS[kind]} · ${range.from} to ${range.to}`,
      actorUserId: actor.id,
      outcome: "success",
      at: deps.now(),
      details: { kind, from: range.from, to: range.to },
    });
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="${exportFileName(kind, range.from, range.to)}"`);
    c.header("cache-control", "private, no-store");
    // A failure part way breaks the download off, so the browser reports it failed (text-stream.ts).
    return c.body(
      textStream(exportCsv(deps.db, kind, range), (err) =>
        deps.logger.error({ err, kind, range }, "export failed while streaming"),
      ),
    );
  },
);
