import { z } from "zod";
import { CHECK_IN_MESSAGES } from "../domain/check-in";

// Issue 33 item 2: check-in and no-shows at the front desk.

// ---- POST /api/admin/check-in (a typed or scanned booking reference, BK-… or EV-…) ----

export const checkInCodeRequest = z.object({
  code: z
    .string({ error: CHECK_IN_MESSAGES.unreadable })
    .trim()
    .min(1, CHECK_IN_MESSAGES.unreadable)
    .max(64, CHECK_IN_MESSAGES.unreadable),
});
export type CheckInCodeRequest = z.infer<typeof checkInCodeRequest>;

export const checkInResponse = z.object({
  kind: z.enum(["booking", "registration"]),
  /** "BK-3F2A9C1D" or "EV-00AB12CD" */
  reference: z.string(),
  customerName: z.string(),
  /** What was checked in, as staff read it: "Court 1 · 6:00 PM - 7:30 PM" or the event and its time. */
  items: z.array(z.string()),
  /** The customer's no-shows so far (by email), for the desk to see. */
  noShows: z.number().int(),
  /** "Checked in: Jordan Park (BK-3F2A9C1D)" */
  message: z.string(),
});
export type CheckInResponse = z.infer<typeof checkInResponse>;

// ---- POST /api/admin/reservations/{id}/check-in, …/no-show ----

export const attendanceResponse = z.object({
  id: z.string(),
  checkedInAt: z.string().nullable(),
  noShowAt: z.string().nullable(),
  /** "Checked in: Jordan Park" or "Marked a no-show: Jordan Park" */
  message: z.string(),
});
export type AttendanceResponse = z.infer<typeof attendanceResponse>;
