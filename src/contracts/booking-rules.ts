import { z } from "zod";
import type { BookingRules } from "../domain/booking-rules";

// Issue 32 item 2: the venue's booking rules as staff edit them in /admin/settings/booking-rules.
// Ranges and windows are checked by src/domain/booking-rules.ts on the server, with its messages.

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Times are HH:MM");
const whole = z.number().int("Use whole numbers");

export const bookingRulesSchema = z
  .object({
    guestHorizonDays: whole,
    memberHorizonDays: whole,
    holdMinutes: whole,
    freeBookingsPerWeek: whole,
    freeBookingMinutes: whole,
    freeWindows: z.record(
      z.string().regex(/^[0-6]$/, "Free booking windows are set per weekday"),
      z.object({ from: time, to: time }),
    ),
  })
  .meta({ id: "BookingRules" }) satisfies z.ZodType<BookingRules>;

export const bookingRulesResponse = z.object({ rules: bookingRulesSchema });
export type BookingRulesResponse = z.infer<typeof bookingRulesResponse>;
