import { and, eq, sql } from "drizzle-orm";
import type { ClosureDraft } from "../../contracts/venue";
import { formatVenueDateShort } from "../../domain/booking-form";
import { CLOSURE_MESSAGES, closedIntervalsOn, type FacilityClosure } from "../../domain/venue-hours";
import { formatTimeRange } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import { facilityClosures, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { activeFacilities, busyFacilityIds } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";
import { asRule, facilityNames, hhmm, type ReservationRow } from "./closure-impact";

export type Moved = { row: ReservationRow; kind: "moved"; from: string; to: string };

/** The courts (or bays) closed by other closures during the window, from the table (this transaction's view). */
async function closedByOthers(tx: Tx, draft: FacilityClosure, date: string, start: string, end: string) {
  const rows = await tx
    .select()
    .from(facilityClosures)
    .where(
      and(
        eq(facilityClosures.facilityType, draft.facilityType),
        sql`${date}::date between ${facilityClosures.startsOn} and ${facilityClosures.endsOn}`,
      ),
    );
  const closures = rows.map((c) => ({
    ...c,
    facilityType: draft.facilityType,
    startTime: hhmm(c.startTime),
    endTime: hhmm(c.endTime),
  }));
  return new Set(
    closedIntervalsOn(closures, draft.facilityType, date)
      .filter((c) => start < c.endTime && end > c.startTime)
      .map((c) => c.facilityId),
  );
}

/** A booking inside a closure, moved to another court (or bay) of its type free at the same time. */
export async function moveClosedBooking(
  tx: Tx,
  deps: AppDeps,
  draft: ClosureDraft,
  row: ReservationRow,
): Promise<Moved> {
  if (draft.kind !== "closure")
    throw new AppError(
      "VALIDATION",
      "A special day changes the whole venue's hours: keep or cancel its bookings",
    );
  const type = draft.facilityType;
  const window = { date: row.date, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime) };
  const [active, busy, closed, names] = await Promise.all([
    activeFacilities(tx, type),
    busyFacilityIds(tx, type, window, { excludeReservationId: row.id, now: deps.now() }),
    closedByOthers(tx, asRule(draft) as FacilityClosure, row.date, window.startTime, window.endTime),
    facilityNames(tx, type),
  ]);
  const current = row.courtId ?? row.dartBayId ?? 0;
  // Another court (or bay) of the same type, not in this closure, free at that time.
  const free = active.find((f) => !draft.facilityIds.includes(f.id) && !busy.has(f.id) && !closed.has(f.id));
  if (!free) {
    const when = `${formatVenueDateShort(row.date)} ${formatTimeRange(window.startTime, window.endTime)}`;
    throw new AppError("CONFLICT", CLOSURE_MESSAGES.noFreeFacility(row.customerName, when));
  }
  await tx
    .update(reservations)
    .set(
      type === "court"
        ? { courtId: free.id, updatedAt: deps.now() }
        : { dartBayId: free.id, updatedAt: deps.now() },
    )
    .where(eq(reservations.id, row.id));
  return { row, kind: "moved", from: names.get(current) ?? "", to: free.name };
}
