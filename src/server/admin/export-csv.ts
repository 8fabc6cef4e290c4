import type { ExportKind } from "../../domain/csv-export";
import type { Db } from "../db/client";
import type { ExportRange } from "./export-batches";
import { bookingsCsv } from "./export-bookings-csv";
import { membersCsv } from "./export-members-csv";
import { paymentsCsv } from "./export-payments-csv";
import { registrationsCsv } from "./export-registrations-csv";

// One file per export kind (export-*-csv.ts), each streamed in batches by export-batches.ts.
export { EXPORT_BATCH, type ExportRange } from "./export-batches";

const exporters: Record<ExportKind, (db: Db, range: ExportRange) => AsyncGenerator<string>> = {
  bookings: bookingsCsv,
  payments: paymentsCsv,
  members: membersCsv,
  "event-registrations": registrationsCsv,
};

/** The CSV of one export, as text chunks (the header line, then one chunk per batch). */
export function exportCsv(db: Db, kind: ExportKind, range: ExportRange): AsyncGenerator<string> {
  return exporters[kind](db, range);
}
