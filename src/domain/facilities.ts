import type { FacilityType } from "./durations";

// Issue 31 item 1: the venue's courts and dart bays are data staff edit; these are the words the
// server answers with when a change would break the venue.

export const facilityNoun = (type: FacilityType) => (type === "court" ? "court" : "dart bay");

/** A court's (or bay's) live bookings and events that have not ended yet. */
export type UpcomingUse = { bookings: number; events: number };

const counted = (n: number, noun: string) => (n > 0 ? `${n} ${noun}${n === 1 ? "" : "s"}` : "");

export const FACILITY_MESSAGES = {
  nameUsed: (type: FacilityType, name: string) => `A ${facilityNoun(type)} named "${name}" already exists`,
  lastActive: (type: FacilityType) => `At least one ${facilityNoun(type)} must stay active`,
  notFound: (type: FacilityType) => `No such ${facilityNoun(type)}`,
  /** Said to staff when a court or bay still has bookings or events to come (Deactivate's dialog deals with the bookings). */
  hasUpcoming: (type: FacilityType, name: string, { bookings, events }: UpcomingUse) => {
    const counts = [counted(bookings, "booking"), counted(events, "event")].filter(Boolean).join(" and ");
    const steps = [
      bookings > 0 && `move or cancel ${bookings === 1 ? "the booking" : "the bookings"}`,
      events > 0 && `move ${events === 1 ? "the event" : "the events"} to another court under Events`,
    ].filter(Boolean);
    return `${name} still has ${counts} to come: ${steps.join(", and ")} first, then deactivate the ${facilityNoun(type)}.`;
  },
  orderIncomplete: (type: FacilityType) => `The order must list every ${facilityNoun(type)} exactly once`,
} as const;

/**
 * The spec's venue (SPEC §9): what the demo and a new venue start with (migration 0027 gives them
 * to a database whose venue has no court and no bay yet; staff then edit them). Nothing else in the
 * code counts on them: the venue's courts, bays and hours are what its tables hold.
 */
export const DEFAULT_FACILITIES: Record<FacilityType, string[]> = {
  court: Array.from({ length: 8 }, (_, i) => `Court ${i + 1}`),
  dart_bay: Array.from({ length: 4 }, (_, i) => `Dart Bay ${i + 1}`),
};

/** SPEC §2 Footer hours, a new venue's weekly opening hours (also migration 0027); 0 = Sunday. */
export const DEFAULT_OPENING_HOURS: ReadonlyArray<readonly [day: number, opensAt: string, closesAt: string]> =
  [
    [0, "10:30", "21:00"],
    [1, "09:00", "21:00"],
    [2, "09:00", "21:00"],
    [3, "09:00", "21:00"],
    [4, "09:00", "21:00"],
    [5, "09:00", "22:00"],
    [6, "09:00", "22:00"],
  ];
