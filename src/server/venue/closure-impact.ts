import { and, asc, between, eq, sql } from "drizzle-orm";
import type { ClosureDraft, ClosureImpact } from "../../contracts/venue";
import type { FacilityType } from "../../domain/durations";
import { closedIntervalsOn, dayHours, type FacilityClosure, type SpecialDay } from "../../domain/venue-hours";
import { formatTimeRange, minutesOf } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { courts, dartBays, events, reservations } from "../db/schema";
import { reservationBlocksTime } from "../kernel/schedule/blocks-time";

/** A time column ("09:00:00") as the domain writes it ("09:00"). */
export const hhmm = (t: string) => t.slice(0, 5);

export type ReservationRow = typeof reservations.$inferSelect;

/** The draft as the domain's closure or special day (the id is the saved row's, or a placeholder). */
export function asRule(draft: ClosureDraft, id = "draft"): FacilityClosure | SpecialDay {
  return draft.kind === "closure"
    ? { id, ...draft }
    : {
        id,
        startsOn: draft.startsOn,
        endsOn: draft.endsOn,
        hours: draft.closed ? null : { opensAt: draft.opensAt, closesAt: draft.closesAt },
        reason: draft.reason,
      };
}

/** Whether a stretch of `date` falls inside the draft (closed courts, or outside a special day's hours). */
function takes(
  draft: ClosureDraft,
  date: string,
  facilityType: string,
  facilityId: number | null,
  start: string,
  end: string,
) {
  if (draft.kind === "closure") {
    if (facilityType !== draft.facilityType || facilityId === null) return false;
    return closedIntervalsOn([asRule(draft) as FacilityClosure], draft.facilityType, date).some(
      (c) =>
        c.facilityId === facilityId &&
        minutesOf(start) < minutesOf(c.endTime) &&
        minutesOf(end) > minutesOf(c.startTime),
    );
  }
  const { hours } = dayHours({ week: {}, specialDays: [asRule(draft) as SpecialDay] }, date);
  return !hours || minutesOf(start) < minutesOf(hours.opensAt) || minutesOf(end) > minutesOf(hours.closesAt);
}

/** Every live booking and open hold the draft takes time from, locked when `forUpdate`. */
export async function affectedReservations(
  executor: Db | Tx,
  draft: ClosureDraft,
  now: Date,
  forUpdate = false,
): Promise<ReservationRow[]> {
  const query = executor
    .select()
    .from(reservations)
    .where(
      and(
        between(reservations.date, draft.startsOn, draft.endsOn),
        reservationBlocksTime(now),
        draft.kind === "closure" ? eq(reservations.facilityType, draft.facilityType) : undefined,
      ),
    )
    .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.id));
  const rows = forUpdate ? await query.for("update") : await query;
  return rows.filter((r) =>
    takes(draft, r.date, r.facilityType, r.courtId ?? r.dartBayId, hhmm(r.startTime), hhmm(r.endTime)),
  );
}

export async function facilityNames(executor: Db | Tx, type: FacilityType): Promise<Map<number, string>> {
  const table = type === "court" ? courts : dartBays;
  const rows = await executor.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** How the booking is paid, as the impact shows it; a staff booking paid at the desk is "desk". */
export const stateOf = (r: ReservationRow): "paid" | "desk" | "unpaid" | "hold" =>
  r.status === "pending"
    ? "hold"
    : r.isAdminCreated
      ? r.manualPaymentStatus === "paid"
        ? "desk"
        : "unpaid"
      : r.paymentId && r.paymentStatus === "paid"
        ? "paid"
        : "unpaid";

/** What staff see before saving: every booking, hold and event in the range, with the customers. */
export async function closureImpact(
  executor: Db | Tx,
  draft: ClosureDraft,
  now: Date,
): Promise<ClosureImpact> {
  const rows = await affectedReservations(executor, draft, now);
  const [courtNames, bayNames] = await Promise.all([
    facilityNames(executor, "court"),
    facilityNames(executor, "dart_bay"),
  ]);
  const eventRows =
    draft.kind === "closure" && draft.facilityType === "dart_bay"
      ? []
      : await executor
          .select()
          .from(events)
          .where(
            and(between(events.date, draft.startsOn, draft.endsOn), sql`cardinality(${events.courts}) > 0`),
          )
          .orderBy(asc(events.date), asc(events.startTime));
  return {
    bookings: rows.map((r) => ({
      id: r.id,
      customerName: r.customerName,
      customerEmail: r.customerEmail,
      date: r.date,
      displayTime: formatTimeRange(hhmm(r.startTime), hhmm(r.endTime)),
      facilityName: (r.courtId !== null ? courtNames.get(r.courtId) : bayNames.get(r.dartBayId ?? 0)) ?? "",
      state: stateOf(r),
      priceCents: r.priceCents,
    })),
    events: eventRows
      .filter((e) =>
        e.courts.some((court) => takes(draft, e.date, "court", court, hhmm(e.startTime), hhmm(e.endTime))),
      )
      .map((e) => ({
        id: e.id,
        name: e.name,
        date: e.date,
        displayTime: formatTimeRange(hhmm(e.startTime), hhmm(e.endTime)),
      })),
  };
}
