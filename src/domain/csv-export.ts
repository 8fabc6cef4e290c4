import { centsToDollarsString } from "./money";
import { addMonthsToDate, compareDates, isDateString } from "./venue-time";

// Issue 33 item 4: the CSV files staff download (bookings, payments and refunds, members, event
// registrations). Pure: the server streams rows through csvLine; the admin page checks the range
// with the same function the server refuses it with.

export const EXPORT_KINDS = ["bookings", "payments", "members", "event-registrations"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_LABELS: Record<ExportKind, string> = {
  bookings: "Bookings",
  payments: "Payments and refunds",
  members: "Members",
  "event-registrations": "Event registrations",
};

/** The longest range one export covers. */
export const MAX_EXPORT_YEARS = 3;

/** Why a date range cannot be exported (with the field it concerns), or null when it can. */
export function exportRangeProblem(
  from: string,
  to: string,
): { field: "from" | "to"; message: string } | null {
  if (!isDateString(from)) return { field: "from", message: "Enter a start date." };
  if (!isDateString(to)) return { field: "to", message: "Enter an end date." };
  if (compareDates(to, from) < 0)
    return { field: "to", message: "The end date must be on or after the start date." };
  if (compareDates(to, addMonthsToDate(from, MAX_EXPORT_YEARS * 12)) >= 0) {
    return { field: "to", message: `A range can cover at most ${MAX_EXPORT_YEARS} years.` };
  }
  return null;
}

/** A money cell: exact dollars from integer cents ("67.50"), never a float. */
export type MoneyCell = { cents: number };
export const money = (cents: number): MoneyCell => ({ cents });
export type CsvCell = string | number | MoneyCell | null | undefined;

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection");
// tab and carriage return are in the list because some programs strip them before looking.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text: formulas made inert with a leading apostrophe, then quoted if needed. */
export function csvCell(value: CsvCell): string {
  if (value == null) return "";
  if (typeof value === "object") return centsToDollarsString(value.cents);
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The download's file name: "bookings-2026-01-01-to-2026-12-31.csv". */
export function exportFileName(kind: ExportKind, from: string, to: string): string {
  return `${kind}-${from}-to-${to}.csv`;
}
