import { formatEventLongDate } from "./events";
import { formatTime12, venueNowTime, venueToday } from "./venue-time";

// Event waitlists (issue 15 §1, docs/decisions/022). Rules shared by server and client.

/** DECISIONS.md Beyond the spec: an offer holds a freed event place for 2 hours unless the venue sets otherwise. */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 120;
export const MIN_WAITLIST_OFFER_MINUTES = 15;
export const MAX_WAITLIST_OFFER_MINUTES = 7 * 24 * 60;

/** Joining is throttled per address (staff are exempt): at most this many joins per window. */
export const WAITLIST_JOIN_LIMIT = 5;
export const WAITLIST_JOIN_WINDOW_MINUTES = 10;

export const WAITLIST_STATUSES = [
  "waiting",
  "offered",
  "accepted",
  "declined",
  "lapsed",
  "left",
  "closed",
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WAITLIST_MESSAGES = {
  notOpen: "This event still has places. Please register instead.",
  alreadyOn: "You are already on the waitlist for this event",
  rateLimited: (limit: number, minutes: number) =>
    `You can join at most ${limit} waitlists in ${minutes} minutes. Please try again later.`,
  entryNotFound: "Waitlist entry not found",
  notYours: "This waitlist entry does not belong to you",
  noOffer: "There is no place on offer for you right now",
  offerLapsed: "This offer has lapsed and the place has passed to the next person",
  cannotOffer: "This person cannot be offered a place",
  ended: "This event has already ended",
  offerMinutes: `The offer time must be between ${MIN_WAITLIST_OFFER_MINUTES} minutes and 7 days`,
} as const;

export function offerEndsAt(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/** Free places a waitlist may be offered: capacity minus places taken (confirmed, held, on offer). */
export function freePlaces(maxParticipants: number, taken: { confirmed: number; held: number }): number {
  return Math.max(0, maxParticipants - taken.confirmed - taken.held);
}

/** An offer's end as the venue reads it: "Monday, November 23, 2026 at 5:00 PM". */
export const formatOfferEnd = (at: Date) =>
  `${formatEventLongDate(venueToday(at))} at ${formatTime12(venueNowTime(at))}`;
