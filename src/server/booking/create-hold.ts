import type { CreateHoldRequest, CreateHoldResponse, HoldItem } from "../../contracts/booking";
import {
  BOOKING_FORM_FIELDS,
  BOOKING_FORM_MESSAGES,
  checkBookingForm,
  slotTakenMessage,
} from "../../domain/booking-form";
import { evaluateCoupon, totalAfterDiscount } from "../../domain/coupons";
import { holdEndsAt, paymentsUnavailableMessage } from "../../domain/payment-hold";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { generateSlots } from "../../domain/slots";
import type { Tx } from "../db/client";
import { isExclusionViolation, isRetryableTransactionError } from "../db/pg-errors";
import { holds, reservations } from "../db/schema";
import { AppError, fieldError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";
import { newHoldToken } from "../kernel/hold-token";
import { present } from "../kernel/present";
import { lockCourtScheduleShared } from "../kernel/schedule/court-schedule-lock";
import { endDueHolds, expireHolds, logExpiredHolds } from "../kernel/schedule/expire-holds";
import { loadSlotContext, type SlotContext } from "../kernel/schedule/slot-context";
import { loadVenueIdentity } from "../settings/venue-settings";
import { type BookingParty, resolveBookingParty } from "./booking-party";
import { loadCouponRule } from "./coupon-queries";
import { lockFacilityDays } from "./facility-day-lock";
import { checkSlotsPerHold, type HoldVisitor, loadHoldLimits, takeHoldPlace } from "./hold-limits";
import { type PricedItem, priceCartItems, sumCents } from "./price-cart";

type Customer = {
  name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  wantsSmsReminders: boolean;
};

const MAX_ATTEMPTS = 3;

/**
 * "Continue to Payment" (SPEC §4 Public paid booking flow; DECISIONS.md Payment hold). In one
 * transaction: end holds whose time is up, reserve a use of the coupon, and create one pending
 * reservation per cart item on the lowest-numbered free court or bay, with a hold that ends in
 * 15 minutes. The exclusion constraint is the last word on double booking: a buyer who loses the
 * race for a court tries the next free one, and only when none is left does the whole request fail
 * with 409 — nothing partial is ever kept. The limits against hoarding (hold-limits.ts) are taken
 * in the same transaction, so a refused request leaves nothing behind either.
 */
export async function createHold(
  deps: AppDeps,
  viewer: SessionUser | null,
  input: CreateHoldRequest,
  request: { ip: string; holdToken: string | null },
): Promise<CreateHoldResponse> {
  if (!deps.payments) {
    // A hold blocks the slot for 15 minutes; without a provider it could never be paid.
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw new AppError("PAYMENTS_UNAVAILABLE", paymentsUnavailableMessage(venue.phone));
  }
  const now = deps.now();
  const party = await resolveBookingParty(deps.db, viewer, input);
  const customer = await checkCustomer(deps, input);
  // DECISIONS.md: signed-in staff are exempt (they book at the desk for many people).
  const limits = viewer?.isAdmin ? null : await loadHoldLimits(deps.db, deps.config);
  if (limits) checkSlotsPerHold(limits, input.items.length);
  const visitor: HoldVisitor = { ...request, email: customer.email.toLowerCase() };
  const items = priceCartItems(input.items, now, party);
  const couponCode = input.couponCode?.trim() || null;

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await deps.db.transaction(async (tx) => {
        if (limits) await takeHoldPlace(tx, limits, visitor, now);
        return holdInTransaction(tx, { now, party, customer, items, couponCode, visitor });
      });
      deps.logger.info(
        { event: "hold.created", holdId: result.response.holdId, items: items.length },
        "hold created",
      );
      if (result.endedHolds.length > 0) {
        logExpiredHolds(deps.logger, result.endedHolds, "new-hold");
        runSweeperSoon(deps);
      }
      return result.response;
    } catch (err) {
      // A deadlock between two carts is resolved by PostgreSQL aborting one; run it again.
      if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(err)) continue;
      throw err;
    }
  }
}

async function checkCustomer(deps: AppDeps, input: CreateHoldRequest): Promise<Customer> {
  const c = input.customer;
  const problem = checkBookingForm({
    termsAccepted: c.termsAccepted,
    name: c.name,
    email: c.email,
    phone: c.phone,
    smsConsent: c.smsConsent,
    // The end is computed from the start and the duration.
    items: input.items.map((i) => ({ startTime: i.startTime, endTime: i.duration > 0 ? "set" : null })),
  });
  if (problem) throw new AppError("VALIDATION", problem, undefined, { field: BOOKING_FORM_FIELDS[problem] });
  const phone = normalizeUsPhone(c.phone ?? "");
  if (!phone.ok) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  const notes = c.notes?.trim() ?? "";
  return {
    name: c.name.trim(),
    email: c.email.trim(),
    phone: phone.value,
    notes: notes === "" ? null : notes,
    wantsSmsReminders: phone.value !== null && c.smsConsent,
  };
}

type HoldInput = {
  now: Date;
  party: BookingParty;
  customer: Customer;
  items: PricedItem[];
  couponCode: string | null;
  visitor: HoldVisitor;
};

async function holdInTransaction(tx: Tx, input: HoldInput) {
  const { now, party, customer, items } = input;
  // Serialise with event create/edit on the same dates, so a court read as free here is not given
  // to an event before this hold commits (src/server/events/court-schedule-lock.ts).
  await lockCourtScheduleShared(
    tx,
    items.filter((i) => i.facilityType === "court").map((i) => i.date),
  );
  const endedHolds = await endDueHolds(tx, now);

  const subtotalCents = sumCents(items);
  let couponId: string | null = null;
  let couponCode: string | null = null;
  let discountCents = 0;
  if (input.couponCode) {
    const coupon = await loadCouponRule(tx, input.couponCode, now, { lock: true });
    const result = evaluateCoupon(coupon?.rule ?? null, subtotalCents, now);
    if (!result.ok) throw fieldError("couponCode", result.message, "VALIDATION", { reason: result.code });
    couponId = present(coupon).row.id;
    couponCode = present(coupon).row.code;
    discountCents = result.discountCents;
  }
  const totalCents = totalAfterDiscount(subtotalCents, discountCents);

  const token = newHoldToken();
  const expiresAt = holdEndsAt(now);
  const [hold] = await tx
    .insert(holds)
    .values({
      tokenHash: token.hash,
      status: "active",
      expiresAt,
      userId: party.userId,
      couponId,
      subtotalCents,
      discountCents,
      totalCents,
      clientIp: input.visitor.ip,
      customerEmail: input.visitor.email,
      createdAt: now,
      updatedAt: now,
    })
    .returning();

  const contexts = new Map<string, SlotContext>();
  await lockFacilityDays(tx, items);
  const held: HoldItem[] = [];
  for (const item of items) {
    const key = `${item.facilityType}|${item.date}`;
    let context = contexts.get(key);
    if (!context) {
      context = await loadSlotContext(tx, item.facilityType, item.date, now);
      contexts.set(key, context);
    }
    const facilityIds = freeFacilitiesFor(item, context, now);
    const placed = await placeReservation(tx, facilityIds, item, {
      holdId: present(hold).id,
      expiresAt,
      party,
      customer,
      now,
    });
    if (!placed) {
      throw new AppError("SLOT_TAKEN", slotTakenMessage(item.facilityType, item.date, item.displayTime), {
        facilityType: item.facilityType,
        date: item.date,
        startTime: item.startTime,
      });
    }
    // Later items of the same cart see this one as taken.
    context.busy.push({ facilityId: placed.facilityId, startTime: item.startTime, endTime: item.endTime });
    held.push({
      reservationId: placed.id,
      facilityType: item.facilityType,
      facilityId: placed.facilityId,
      facilityName: context.facilityNames.get(placed.facilityId) ?? "",
      date: item.date,
      startTime: item.startTime,
      endTime: item.endTime,
      displayTime: item.displayTime,
      duration: item.duration,
      priceCents: item.priceCents,
      status: "pending",
    });
  }

  const response: CreateHoldResponse = {
    holdId: present(hold).id,
    holdToken: token.token,
    status: "active",
    expiresAt: expiresAt.toISOString(),
    subtotalCents,
    discountCents,
    totalCents,
    coupon: couponCode ? { code: couponCode, discountCents } : null,
    items: held,
  };
  return { response, endedHolds };
}

/**
 * The free facilities for the item, lowest number first. The slot must be one the time picker
 * offers (on the 30-minute grid, within the day's hours, not already started, not past a weekend
 * cutoff); otherwise the request is not a valid slot at all.
 */
function freeFacilitiesFor(item: PricedItem, context: SlotContext, now: Date): number[] {
  const slotInput = {
    date: item.date,
    now,
    facilityType: item.facilityType,
    durationMinutes: item.duration,
    hours: context.hours,
    facilityIds: context.facilityIds,
  };
  const offered = generateSlots({ ...slotInput, busy: [] }).find((s) => s.startTime === item.startTime);
  if (!offered || offered.freeFacilityIds.length === 0) {
    throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
  }
  const live = generateSlots({ ...slotInput, busy: context.busy }).find(
    (s) => s.startTime === item.startTime,
  );
  return live?.freeFacilityIds ?? [];
}

type PlaceContext = {
  holdId: string;
  expiresAt: Date;
  party: BookingParty;
  customer: Customer;
  now: Date;
};

/**
 * Inserts the pending reservation on the first facility the database accepts. Each try runs in a
 * savepoint: when the exclusion constraint (23P01) says another buyer got there first, that try is
 * rolled back and the next facility is tried, without losing the rest of the transaction.
 */
async function placeReservation(
  tx: Tx,
  facilityIds: number[],
  item: PricedItem,
  ctx: PlaceContext,
): Promise<{ id: string; facilityId: number } | null> {
  for (const facilityId of facilityIds) {
    try {
      const row = await tx.transaction(async (savepoint) => {
        const [inserted] = await savepoint
          .insert(reservations)
          .values({
            date: item.date,
            facilityType: item.facilityType,
            courtId: item.facilityType === "court" ? facilityId : null,
            dartBayId: item.facilityType === "dart_bay" ? facilityId : null,
            duration: item.duration,
            startTime: item.startTime,
            endTime: item.endTime,
            priceCents: item.priceCents,
            status: "pending",
            paymentStatus: "pending",
            // SPEC §4: manual_payment_status is 'paid' for every booking that is not admin-created.
            manualPaymentStatus: "paid",
            isMember: ctx.party.memberPricing,
            customerName: ctx.customer.name,
            customerEmail: ctx.customer.email,
            customerPhone: ctx.customer.phone,
            notes: ctx.customer.notes,
            wantsSmsReminders: ctx.customer.wantsSmsReminders,
            userId: ctx.party.userId,
            holdId: ctx.holdId,
            holdExpiresAt: ctx.expiresAt,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning({ id: reservations.id });
        return present(inserted);
      });
      return { id: row.id, facilityId };
    } catch (err) {
      if (isExclusionViolation(err)) continue;
      throw err;
    }
  }
  return null;
}

/** Ending holds is done; stopping their checkout sessions talks to the provider, off the request. */
function runSweeperSoon(deps: AppDeps) {
  setTimeout(() => {
    expireHolds(deps).catch((err) => deps.logger.warn({ err }, "hold sweeper failed"));
  }, 0).unref?.();
}
