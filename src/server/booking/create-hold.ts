import type { CreateHoldRequest, CreateHoldResponse, HoldItem } from "../../contracts/booking";
import { BOOKING_FORM_FIELDS, BOOKING_FORM_MESSAGES, checkBookingForm } from "../../domain/booking-form";
import { evaluateCoupon, totalAfterDiscount } from "../../domain/coupons";
import { assignFacilities, facilityTryOrder } from "../../domain/court-assignment";
import { holdEndsAt, paymentsUnavailableMessage } from "../../domain/payment-hold";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { generateSlots } from "../../domain/slots";
import type { Db, Tx } from "../db/client";
import { isRetryableTransactionError } from "../db/pg-errors";
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
import { facilityDaysQueued, inFacilityDayTurn, lockFacilityDays } from "./facility-day-lock";
import { checkSlotsPerHold, type HoldVisitor, loadHoldLimits, takeHoldPlace } from "./hold-limits";
import { type PricedItem, priceCartItems, sumCents } from "./price-cart";
import { slotTakenError } from "./slot-taken";

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
 * reservation per cart item, keeping a cart's slots on one court or bay where one is free for them
 * all (else on as few as possible, lowest numbers first), with a hold that ends in
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
  // Only worth a read when others are queued ahead: alone, the transaction reads it anyway.
  if (facilityDaysQueued(deps.db, items)) await refuseTakenSlots(deps.db, items, now);

  const result = await inFacilityDayTurn(deps.db, items, async (turn) => {
    for (const item of items) {
      const snapshot = turn.snapshot(item.facilityType, item.date);
      if (snapshot && freeFacilitiesFor(item, snapshot, now).length === 0) {
        throw slotTakenError(item, snapshot, now);
      }
    }
    for (let attempt = 1; ; attempt++) {
      const contexts = new Map<string, SlotContext>();
      const leave = () => {
        for (const [key, context] of contexts) {
          const [facilityType = "", date = ""] = key.split("|");
          turn.leave(facilityType, date, context);
        }
      };
      try {
        const held = await deps.db.transaction(async (tx) => {
          if (limits) await takeHoldPlace(tx, limits, visitor, now);
          return holdInTransaction(tx, { now, party, customer, items, couponCode, visitor, contexts });
        });
        leave();
        return held;
      } catch (err) {
        if (err instanceof AppError && err.code === "SLOT_TAKEN") leave();
        // A deadlock between two carts is resolved by PostgreSQL aborting one; run it again.
        if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(err)) continue;
        throw err;
      }
    }
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
  /** The reads made under the facility-day lock, by "type|date", left for the queue behind. */
  contexts: Map<string, SlotContext>;
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

  const contexts = input.contexts;
  await lockFacilityDays(tx, items);
  const itemContexts: SlotContext[] = [];
  for (const item of items) {
    const key = `${item.facilityType}|${item.date}`;
    let context = contexts.get(key);
    if (!context) {
      context = await loadSlotContext(tx, item.facilityType, item.date, now);
      contexts.set(key, context);
    }
    itemContexts.push(context);
  }
  // DECISIONS.md Court continuity: plan the cart's courts together (domain/court-assignment.ts).
  const planned = assignFacilities(
    items.map((item, i) => ({
      group: `${item.facilityType}|${item.date}`,
      startTime: item.startTime,
      endTime: item.endTime,
      freeFacilityIds: freeFacilitiesFor(item, present(itemContexts[i]), now),
    })),
  );
  const held: HoldItem[] = [];
  for (const [i, item] of items.entries()) {
    const context = present(itemContexts[i]);
    const facilityIds = facilityTryOrder(planned[i] ?? null, freeFacilitiesFor(item, context, now));
    const placed = await placeReservation(tx, facilityIds, item, {
      holdId: present(hold).id,
      expiresAt,
      party,
      customer,
      now,
    });
    if (!placed) throw slotTakenError(item, context, now);
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
 * The rush (issue 16): when a slot is already full in what has been committed, the buyer is told
 * at once, with the next free time, instead of queueing for the facility-day lock only to find the
 * same. A slot that looks free here is decided inside the transaction as before; this read can only
 * refuse, and a refusal a moment early is the same answer the locked read would have given.
 */
async function refuseTakenSlots(db: Db, items: PricedItem[], now: Date): Promise<void> {
  const contexts = new Map<string, Promise<SlotContext>>();
  for (const item of items) {
    const key = `${item.facilityType}|${item.date}`;
    const load = contexts.get(key) ?? loadSlotContext(db, item.facilityType, item.date, now);
    contexts.set(key, load);
    const context = await load;
    if (freeFacilitiesFor(item, context, now).length === 0) throw slotTakenError(item, context, now);
  }
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
 * Inserts the pending reservation on the first facility the database accepts. The exclusion
 * constraint still decides: `on conflict do nothing` turns its refusal (another buyer got there
 * first) into no row, and the next facility is tried — one statement per try, where a savepoint
 * around the insert took three round trips inside the facility-day lock (docs/decisions/024).
 */
async function placeReservation(
  tx: Tx,
  facilityIds: number[],
  item: PricedItem,
  ctx: PlaceContext,
): Promise<{ id: string; facilityId: number } | null> {
  for (const facilityId of facilityIds) {
    const [inserted] = await tx
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
      .onConflictDoNothing()
      .returning({ id: reservations.id });
    if (inserted) return { id: inserted.id, facilityId };
  }
  return null;
}

/** Ending holds is done; stopping their checkout sessions talks to the provider, off the request. */
function runSweeperSoon(deps: AppDeps) {
  setTimeout(() => {
    expireHolds(deps).catch((err) => deps.logger.warn({ err }, "hold sweeper failed"));
  }, 0).unref?.();
}
