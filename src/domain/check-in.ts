import { formatVenueDateShort } from "./booking-form";
import { formatTime12, venueInstant, venueNowTime, venueToday } from "./venue-time";

// Issue 33 item 2: the front desk checks a booking or an event registration in on its day, and
// marks a confirmed, unchecked booking a no-show once its start has passed. The rules are here so
// the screens hide what the server would refuse; the server decides (src/server/check-in/).

/** "6:02 PM" at the venue. */
const timeAt = (at: Date) => formatTime12(venueNowTime(at));
/** "Mon, Nov 23, 6:02 PM" at the venue. */
const dayTimeAt = (at: Date) => `${formatVenueDateShort(venueToday(at))}, ${timeAt(at)}`;

export const CHECK_IN_MESSAGES = {
  unreadable: "Enter a booking reference like BK-3F2A9C1D (or a registration's EV-…)",
  bookingNotFound: (reference: string) => `No booking has the reference ${reference}`,
  registrationNotFound: (reference: string) => `No event registration has the reference ${reference}`,
  ambiguous: (reference: string) =>
    `More than one booking today has the reference ${reference}: check it in from the day's list`,
  anotherDay: (date: string) => `This booking is for ${formatVenueDateShort(date)}, not today`,
  eventAnotherDay: (date: string) => `This event is on ${formatVenueDateShort(date)}, not today`,
  cancelled: "This booking is cancelled",
  notConfirmed: "This booking is not confirmed yet (its payment is pending)",
  registrationNotConfirmed: "This registration is not confirmed (pending or cancelled)",
  alreadyCheckedIn: (at: Date) => `Already checked in at ${timeAt(at)}`,
  wasNoShow: (at: Date) => `Marked a no-show on ${dayTimeAt(at)}: it cannot be checked in`,
  noShowBeforeStart: (start: Date) =>
    `A no-show can be marked only after the start time (${dayTimeAt(start)})`,
  noShowCheckedIn: "Checked in already: not a no-show",
  alreadyNoShow: (at: Date) => `Already marked a no-show on ${dayTimeAt(at)}`,
  notNoShow: "This booking is not marked a no-show: there is nothing to undo",
  notCheckedIn: "This booking is not checked in: there is nothing to undo",
} as const;

export type CheckInCode = { kind: "booking" | "registration"; digits: string; reference: string };

/**
 * What the desk typed or the camera read: "BK-3F2A9C1D", "bk 3f2a 9c1d", "EV-…", or the 8 digits
 * alone (a booking). Null when it is none of these.
 */
export function parseCheckInCode(input: string): CheckInCode | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  const match = /^(BK|EV)?([0-9A-F]{8})$/.exec(compact);
  if (!match) return null;
  const kind = match[1] === "EV" ? "registration" : "booking";
  const digits = match[2] ?? "";
  return { kind, digits, reference: `${kind === "booking" ? "BK" : "EV"}-${digits}` };
}

export type CheckableReservation = {
  date: string;
  startTime: string;
  status: string;
  checkedInAt: Date | null;
  noShowAt: Date | null;
};

/** Why this reservation cannot be checked in now, or null. Only on its day, confirmed, once. */
export function checkInRefusal(r: CheckableReservation, now: Date): string | null {
  if (r.status === "cancelled") return CHECK_IN_MESSAGES.cancelled;
  if (r.status !== "confirmed") return CHECK_IN_MESSAGES.notConfirmed;
  if (r.checkedInAt) return CHECK_IN_MESSAGES.alreadyCheckedIn(r.checkedInAt);
  if (r.noShowAt) return CHECK_IN_MESSAGES.wasNoShow(r.noShowAt);
  if (r.date !== venueToday(now)) return CHECK_IN_MESSAGES.anotherDay(r.date);
  return null;
}

/** Why this reservation cannot be marked a no-show now, or null: confirmed, unchecked, started. */
export function noShowRefusal(r: CheckableReservation, now: Date): string | null {
  if (r.status === "cancelled") return CHECK_IN_MESSAGES.cancelled;
  if (r.status !== "confirmed") return CHECK_IN_MESSAGES.notConfirmed;
  if (r.checkedInAt) return CHECK_IN_MESSAGES.noShowCheckedIn;
  if (r.noShowAt) return CHECK_IN_MESSAGES.alreadyNoShow(r.noShowAt);
  const start = venueInstant(r.date, r.startTime.slice(0, 5));
  if (now < start) return CHECK_IN_MESSAGES.noShowBeforeStart(start);
  return null;
}

/**
 * Why a no-show cannot be undone (staff marked the wrong booking): only a booking marked a
 * no-show, which goes back to expected (still confirmed, checkable in on its day).
 */
export function undoNoShowRefusal(r: Pick<CheckableReservation, "checkedInAt" | "noShowAt">): string | null {
  return r.noShowAt ? null : CHECK_IN_MESSAGES.notNoShow;
}

/** Why a check-in cannot be undone: only a checked-in booking, which goes back to expected. */
export function undoCheckInRefusal(r: Pick<CheckableReservation, "checkedInAt" | "noShowAt">): string | null {
  return r.checkedInAt ? null : CHECK_IN_MESSAGES.notCheckedIn;
}

export type CheckableRegistration = { status: string; eventDate: string; checkedInAt: Date | null };

/** An event registration: confirmed, on the event's day, once. */
export function registrationCheckInRefusal(r: CheckableRegistration, now: Date): string | null {
  if (r.status !== "confirmed") return CHECK_IN_MESSAGES.registrationNotConfirmed;
  if (r.checkedInAt) return CHECK_IN_MESSAGES.alreadyCheckedIn(r.checkedInAt);
  if (r.eventDate !== venueToday(now)) return CHECK_IN_MESSAGES.eventAnotherDay(r.eventDate);
  return null;
}
