import { eq } from "drizzle-orm";
import { type BookingRules, DEFAULT_BOOKING_RULES, type FreeWindow } from "../../domain/booking-rules";
import type { Db, Tx } from "../db/client";
import { bookingRules } from "../db/schema";
import { cachedVenueReader } from "./venue-rules-cache";

// Issue 32 item 2: horizons, the payment hold and the member perks, one row seeded by migration 0014
// with the spec's values; read through the venue rules' cache on every lookup and hold.

/** The rules as stored, uncached (inside a transaction that is about to change them). */
export async function readBookingRules(executor: Db | Tx): Promise<BookingRules> {
  const [row] = await executor.select().from(bookingRules).where(eq(bookingRules.id, 1));
  if (!row) return DEFAULT_BOOKING_RULES;
  return {
    guestHorizonDays: row.guestHorizonDays,
    memberHorizonDays: row.memberHorizonDays,
    holdMinutes: row.holdMinutes,
    freeBookingsPerWeek: row.freeBookingsPerWeek,
    freeBookingMinutes: row.freeBookingMinutes,
    freeWindows: row.freeWindows as Record<string, FreeWindow>,
  };
}

/** The venue's booking rules, from this instance's cache of the venue's rules. */
export const loadBookingRules = cachedVenueReader((db: Db) => readBookingRules(db));

export async function saveBookingRules(tx: Tx, rules: BookingRules, actorUserId: string, now: Date) {
  const values = { ...rules, updatedAt: now, updatedBy: actorUserId };
  await tx
    .insert(bookingRules)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: bookingRules.id, set: values });
}
