import { z } from "zod";
import { isDateString, isTimeString } from "../domain/venue-time";

/**
 * Every error answer: `{ error: { code, message, field?, details? } }`. `message` is the text to
 * show (the spec's words); `field`, when present, names the request field it concerns as the
 * request contract names it ("email", "phone", "termsAccepted", "couponCode"…), so a form can show
 * it beside that input.
 */
export const errorResponse = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Machine-readable error code, e.g. VALIDATION, SLOT_TAKEN" }),
      message: z.string().meta({ description: "The user-facing message" }),
      field: z
        .string()
        .optional()
        .meta({ description: "The request field the error concerns, named as in the request contract" }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });

export const okResponse = z.object({ ok: z.literal(true) });

// The one parser of dates and times for every request (issue 30 item 4): a date the calendar does
// not have ("2026-02-30") or a time no clock shows ("25:00", "99:99") is a 400 naming its field,
// never a 500 from deeper down.

/** "yyyy-MM-dd", a day the calendar has. */
export const calendarDate = (message = "Invalid date") =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isDateString, message);

/** "HH:mm" (":ss" allowed unless `seconds` is false) on a 24-hour clock, 00:00 to 23:59. */
export const clockTime = (message = "Invalid time", { seconds = true } = {}) =>
  z.string().regex(seconds ? /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/ : /^([01]\d|2[0-3]):[0-5]\d$/, message);

/**
 * A form's start time: left out or empty is the use case's to word (the spec's "Please select a
 * time slot"); anything else must be "HH:mm" on a 24-hour clock.
 */
export const formStartTime = (message: string) =>
  z
    .string()
    .max(8, message)
    .nullish()
    .refine((v) => v == null || v === "" || isTimeString(v), message);

export const dateString = calendarDate();
export const timeString = clockTime();
