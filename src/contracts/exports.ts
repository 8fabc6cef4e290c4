import { z } from "zod";
import { EXPORT_KINDS } from "../domain/csv-export";
import { calendarDate } from "./common";

// Issue 33 item 4: GET /api/admin/exports/{kind}?from=&to= answers a CSV file (text/csv), streamed.
export const exportParams = z.object({ kind: z.enum(EXPORT_KINDS) });
export const exportQuery = z.object({
  from: calendarDate("Enter a start date."),
  to: calendarDate("Enter an end date."),
});
