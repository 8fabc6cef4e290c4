import { eq } from "drizzle-orm";
import type { BookFreeReservationRequest, BookFreeReservationResponse } from "../../contracts/membership";
import type { BookingRules } from "../../domain/booking-rules";
import {
  EMAIL_NOT_AVAILABLE_MESSAGE,
  FREE_BOOKINGS_USED_MESSAGE,
  FREE_SLOT_TAKEN_MESSAGE,
  freeBookingsRemaining,
  isFreeSlotStart,
  MEMBERS_ONLY_MESSAGE,
  SELECT_TIME_SLOT_MESSAGE,
} from "../../domain/free-booking";
import { generateSlots } from "../../domain/slots";
import { isTimeString } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { Tx } from "../db/client";
import { isExclusionViolation, isRetryableTransactionError } from "../db/pg-errors";
import { reservations, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { endDueHolds, expireHolds } from "../kernel/schedule/expire-holds";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { loadBookingRules } from "../settings/booking-rules";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { countFreeReservations } from "./count-free-reservations";
import { freeBookingConfirmationEmail } from "./free-booking-email";
import { assertFreeBookingDate } from "./get-free-slots";
import { toMyReservation } from "./my-reservation-dto";

const MAX_ATTEMPTS = 3;

/**
 * SPEC §5 Member free booking; §4: created confirmed and paid, price 0. Every rule is checked here,
 * whatever the screen offered. In one transaction:
 * 1. the member's row is locked (FOR UPDATE), so one member's requests run one after another and
 *    two requests for the last free booking of a week cannot both pass the count;
 * 2. the week's free bookings are counted (the week of the reservation's date);
 * 3. the court is the lowest-numbered free one for that time, and the exclusion constraint has the
 *    last word: a court another booking took in the meantime (23P01) is skipped for the next one;
 * 4. the confirmation email is queued in the same transaction.
 */
export async function bookFreeReservation(
  deps: AppDeps,
  viewer: SessionUser,
  input: BookFreeReservationRequest,
): Promise<BookFreeReservationResponse> {
  const now = deps.now();
  const startTime = input.startTime?.trim().slice(0, 5) ?? "";
  if (!startTime || !isTimeString(startTime)) throw new AppError("VALIDATION", SELECT_TIME_SLOT_MESSAGE);
  if (!viewer.email?.trim()) throw new AppError("VALIDATION", EMAIL_NOT_AVAILABLE_MESSAGE);
  const rules = await loadBookingRules(deps.db);
  assertFreeBookingDate(input.date, now, rules);
  if (!isFreeSlotStart(rules, input.date, startTime))
    throw new AppError("VALIDATION", SELECT_TIME_SLOT_MESSAGE);
  const venue = await loadVenueIdentity(deps.db, deps.config);

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await deps.db.transaction((tx) =>
        bookInTransaction(tx, deps, { memberId: viewer.id, date: input.date, startTime, venue, now, rules }),
      );
      await deps.schedule.changed();
      if (result.endedHolds > 0) sweepSoon(deps);
      return result.response;
    } catch (err) {
      if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(err)) continue;
      throw err;
    }
  }
}

type BookInput = {
  memberId: string;
  date: string;
  startTime: string;
  venue: VenueIdentity;
  now: Date;
  rules: BookingRules;
};

async function bookInTransaction(tx: Tx, deps: AppDeps, input: BookInput) {
  const { memberId, date, startTime, now, rules } = input;
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for("update");
  // The session was checked on arrival; the locked row is the truth (a freeze or an ended membership
  // since then refuses the perk too).
  if (!member?.isMember || member.isFrozen) throw new AppError("FORBIDDEN", MEMBERS_ONLY_MESSAGE);
  if (!member.email.trim()) throw new AppError("VALIDATION", EMAIL_NOT_AVAILABLE_MESSAGE);

  const before = await countFreeReservations(tx, memberId, date, rules);
  if (before.remaining <= 0) throw new AppError("CONFLICT", FREE_BOOKINGS_USED_MESSAGE, { reason: "LIMIT" });

  // Ended holds block nothing (DECISIONS.md); cancel them so the constraint agrees.
  const endedHolds = await endDueHolds(tx, now);
  const context = await loadSlotContext(tx, "court", date, now);
  const slotInput = {
    date,
    now,
    facilityType: "court" as const,
    durationMinutes: rules.freeBookingMinutes,
    card: null, // free bookings cost nothing
    hours: context.hours,
    facilityIds: context.facilityIds,
  };
  // Not on the day's grid (closed, already started, off the 30-minute steps): not a slot at all.
  if (!generateSlots({ ...slotInput, busy: [] }).some((s) => s.startTime === startTime)) {
    throw new AppError("VALIDATION", SELECT_TIME_SLOT_MESSAGE);
  }
  const slot = generateSlots({ ...slotInput, busy: context.busy }).find((s) => s.startTime === startTime);
  const placed = await placeOnFirstFreeCourt(tx, slot?.freeFacilityIds ?? [], {
    date,
    startTime,
    endTime: present(slot).endTime,
    duration: rules.freeBookingMinutes,
    member,
    now,
  });
  if (!placed) throw new AppError("SLOT_TAKEN", FREE_SLOT_TAKEN_MESSAGE);

  const reservation = toMyReservation(placed, context.facilityNames.get(present(placed.courtId)) ?? null);
  const remaining = freeBookingsRemaining(rules, before.used + 1);
  await deps.outbox.enqueue(tx, {
    to: member.email,
    ...freeBookingConfirmationEmail({
      venue: input.venue,
      customerName: placed.customerName,
      reservation,
      remaining,
      now,
    }),
    dedupeKey: `free-booking-confirmation-${placed.id}`,
  });
  const response: BookFreeReservationResponse = {
    reservation,
    allowance: { ...before, used: before.used + 1, remaining },
  };
  return { response, endedHolds: endedHolds.length };
}

type PlaceInput = {
  date: string;
  startTime: string;
  endTime: string;
  duration: number;
  member: typeof users.$inferSelect;
  now: Date;
};

/** Each try in a savepoint: a court lost to a concurrent booking (23P01) leaves the rest intact. */
async function placeOnFirstFreeCourt(tx: Tx, courtIds: number[], p: PlaceInput) {
  const name = `${p.member.firstName} ${p.member.lastName}`.trim() || p.member.email;
  for (const courtId of courtIds) {
    try {
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(reservations)
          .values({
            date: p.date,
            facilityType: "court",
            courtId,
            duration: p.duration,
            startTime: p.startTime,
            endTime: p.endTime,
            priceCents: 0,
            // SPEC §4: free member bookings are created confirmed and paid, stored as paid.
            status: "confirmed",
            paymentStatus: "paid",
            manualPaymentStatus: "paid",
            isMember: true,
            isFreeMemberBooking: true,
            customerName: name,
            customerEmail: p.member.email,
            customerPhone: p.member.phone,
            userId: p.member.id,
            createdAt: p.now,
            updatedAt: p.now,
          })
          .returning();
        return present(row);
      });
    } catch (err) {
      if (isExclusionViolation(err)) continue;
      throw err;
    }
  }
  return null;
}

/** Ending holds is done; stopping their checkout sessions talks to the provider, off the request. */
function sweepSoon(deps: AppDeps) {
  setTimeout(() => {
    expireHolds(deps).catch((err) => deps.logger.warn({ err }, "hold sweeper failed"));
  }, 0).unref?.();
}
