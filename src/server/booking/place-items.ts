import { type SQL, sql } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import { assignFacilities, facilityTryOrder } from "../../domain/court-assignment";
import type { Tx } from "../db/client";
import { reservations } from "../db/schema";
import type { SlotContext } from "../kernel/schedule/slot-context";
import { present } from "../lib/present";
import type { BookingParty } from "./booking-party";
import { facilityDayKey } from "./facility-day-queue";
import { placesFor } from "./full-slots";
import type { Customer } from "./hold-request";
import type { PricedItem } from "./price-cart";
import { slotTakenError } from "./slot-taken";

/** What every reservation of the hold carries besides its item. */
export type ItemOwner = {
  holdId: string;
  expiresAt: Date;
  party: BookingParty;
  customer: Customer;
  now: Date;
};

/**
 * The cart's pending reservations, one per item, on the facilities the day's read under the lock
 * shows free (`contexts`, by facility day: this hold's working copies, so later items see earlier
 * ones as taken). DECISIONS.md Court continuity: the cart's courts are planned together
 * (domain/court-assignment.ts); an item whose every free facility the database refuses is the 409.
 * Issue 34: an item whose court the player chose goes on that court or nowhere (409); such items
 * are placed first, and the cart's other items are planned around them.
 * `newHold` (the hold's own insert) runs in the first reservation's statement.
 */
export async function placeItems(
  tx: Tx,
  items: PricedItem[],
  contexts: Map<string, SlotContext>,
  newHold: SQL,
  owner: ItemOwner,
): Promise<HoldItem[]> {
  const { now } = owner;
  const itemContexts = items.map((item) => present(contexts.get(facilityDayKey(item))));
  const planned = assignFacilities(
    items.map((item, i) => ({
      group: facilityDayKey(item),
      startTime: item.startTime,
      endTime: item.endTime,
      freeFacilityIds: withoutChosen(items, i, placesFor(item, present(itemContexts[i]), now)),
    })),
  );
  let withHold: SQL | null = newHold;
  const held: HoldItem[] = [];
  // The chosen courts first (a stable sort), so no other item of the cart can take one of them.
  const order = items.map((_, i) => i).sort((a, b) => chosenFirst(items[a]) - chosenFirst(items[b]));
  for (const i of order) {
    const item = present(items[i]);
    const context = present(itemContexts[i]);
    const facilityIds = facilityTryOrder(planned[i] ?? null, placesFor(item, context, now));
    const placed = await placeReservation(tx, facilityIds, item, withHold, owner);
    withHold = null;
    if (!placed) throw slotTakenError(item, context, now);
    // Later items of the same cart see this one as taken.
    context.busy.push({ facilityId: placed.facilityId, startTime: item.startTime, endTime: item.endTime });
    held[i] = {
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
    };
  }
  return held;
}

const chosenFirst = (item: PricedItem | undefined) => (item?.facilityId == null ? 1 : 0);

/** An item's free facilities less those other items of the cart chose for an overlapping time. */
function withoutChosen(items: PricedItem[], index: number, free: number[]): number[] {
  const item = present(items[index]);
  if (item.facilityId != null) return free;
  const taken = items
    .filter(
      (other, j) =>
        j !== index &&
        other.facilityId != null &&
        facilityDayKey(other) === facilityDayKey(item) &&
        other.startTime < item.endTime &&
        other.endTime > item.startTime,
    )
    .map((other) => other.facilityId);
  return taken.length === 0 ? free : free.filter((id) => !taken.includes(id));
}

/**
 * Inserts the pending reservation on the first facility the database accepts. The exclusion
 * constraint still decides: `on conflict do nothing` turns its refusal (another buyer got there
 * first) into no row, and the next facility is tried — one statement per try, where a savepoint
 * around the insert took three round trips inside the facility-day lock (docs/decisions/024).
 * `newHold`, when given, is the hold's own insert, run in the first try's statement (a data-
 * modifying WITH runs whether or not the reservation is refused; the reservation's foreign key is
 * checked at the statement's end, when the hold row is there).
 */
async function placeReservation(
  tx: Tx,
  facilityIds: number[],
  item: PricedItem,
  newHold: SQL | null,
  owner: ItemOwner,
): Promise<{ id: string; facilityId: number } | null> {
  let withHold = newHold;
  for (const facilityId of facilityIds) {
    const insert = tx
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
        isMember: owner.party.memberPricing,
        customerName: owner.customer.name,
        customerEmail: owner.customer.email,
        customerPhone: owner.customer.phone,
        notes: owner.customer.notes,
        wantsSmsReminders: owner.customer.wantsSmsReminders,
        userId: owner.party.userId,
        holdId: owner.holdId,
        holdExpiresAt: owner.expiresAt,
        createdAt: owner.now,
        updatedAt: owner.now,
      })
      .onConflictDoNothing()
      .returning({ id: reservations.id });
    let inserted: { id: string } | undefined;
    if (withHold) {
      const result = (await tx.execute(
        sql`with new_hold as (${withHold}) ${insert.getSQL()}`,
      )) as unknown as {
        rows: Array<{ id: string }>;
      };
      withHold = null;
      inserted = result.rows[0];
    } else {
      [inserted] = await insert;
    }
    if (inserted) return { id: inserted.id, facilityId };
  }
  return null;
}
