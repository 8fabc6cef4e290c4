import { and, desc, eq, sql } from "drizzle-orm";
import type { ClosureDraft, SaveClosureBody, SaveClosureResult } from "../../contracts/venue";
import { formatVenueDateShort } from "../../domain/booking-form";
import {
  CLOSURE_MESSAGES,
  closedIntervalsOn,
  closuresOverlap,
  type FacilityClosure,
  hoursProblem,
} from "../../domain/venue-hours";
import { compareDates, formatTimeRange, venueInstant } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { Tx } from "../db/client";
import { isExclusionViolation } from "../db/pg-errors";
import { auditLog, facilityClosures, reservations, specialDays } from "../db/schema";
import type { AppDeps } from "../deps";
import { closureChangeEmail } from "../email/templates/closure-change";
import { activeFacilities, busyFacilityIds } from "../kernel/schedule/facility-occupancy";
import { writeAudit } from "../kernel/staff/audit-log";
import { absoluteUrl } from "../lib/absolute-url";
import { AppError } from "../lib/errors";
import { lockPaymentsByIds } from "../payments/payment-rows";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { type Cancelled, cancelClosedBooking } from "./cancel-closed-booking";
import { affectedReservations, asRule, facilityNames, type ReservationRow } from "./closure-impact";

const hhmm = (t: string) => t.slice(0, 5);
const bad = (message: string) => new AppError("VALIDATION", message);

/** The draft's own checks, before anything is locked: dates, times, not already over. */
function assertDraft(draft: ClosureDraft, now: Date) {
  if (compareDates(draft.endsOn, draft.startsOn) < 0) throw bad(CLOSURE_MESSAGES.dates);
  if (draft.kind === "closure") {
    if (
      draft.weekly
        ? draft.endTime <= draft.startTime
        : venueInstant(draft.endsOn, draft.endTime) <= venueInstant(draft.startsOn, draft.startTime)
    ) {
      throw bad(draft.weekly ? CLOSURE_MESSAGES.weeklyOrder : CLOSURE_MESSAGES.order);
    }
    if (venueInstant(draft.endsOn, draft.endTime) <= now) throw bad(CLOSURE_MESSAGES.past);
  } else {
    const problem = draft.closed
      ? null
      : hoursProblem({ opensAt: draft.opensAt, closesAt: draft.closesAt }, "Special hours");
    if (problem) throw bad(problem);
    if (venueInstant(draft.endsOn, "24:00") <= now) throw bad(CLOSURE_MESSAGES.past);
  }
}

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

type Outcome = { row: ReservationRow; kind: "moved"; from: string; to: string } | Cancelled;

async function move(tx: Tx, deps: AppDeps, draft: ClosureDraft, row: ReservationRow): Promise<Outcome> {
  if (draft.kind !== "closure")
    throw bad("A special day changes the whole venue's hours: keep or cancel its bookings");
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

async function tell(
  tx: Tx,
  deps: AppDeps,
  venue: VenueIdentity,
  closureId: string,
  reason: string,
  o: Outcome,
) {
  const email = o.row.customerEmail;
  if (!email || o.row.status === "pending") return;
  const when = `on ${formatVenueDateShort(o.row.date)} at ${formatTimeRange(hhmm(o.row.startTime), hhmm(o.row.endTime))}`;
  await deps.outbox.enqueue(tx, {
    to: email,
    dedupeKey: `closure-${closureId}-${o.row.id}`,
    ...closureChangeEmail({
      venueName: venue.venueName,
      phone: venue.phone,
      logoUrl: absoluteUrl(deps.config.publicUrl, venue.logoUrl),
      customerName: o.row.customerName,
      when,
      reason,
      change:
        o.kind === "moved"
          ? { kind: "moved", from: o.from, to: o.to }
          : { kind: "cancelled", refundCents: o.refundCents, paidWhere: o.paidWhere },
      bookUrl: `${deps.config.publicUrl}/book`,
    }),
  });
}

/** A repeated save (same id) answers what the first one did, from its audit row, and changes nothing. */
async function earlierSave(tx: Tx, id: string): Promise<SaveClosureResult | null> {
  const [row] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), sql`${auditLog.action} in ('add_closure', 'add_special_day')`))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return (row?.details as { result?: SaveClosureResult } | undefined)?.result ?? null;
}

/**
 * Issue 31 item 3: a closure (or special day) and what happens to the bookings inside it — kept,
 * moved to a free court or bay of the same type at the same time, or cancelled with a full refund
 * of what each paid, online or at the desk (cancel-closed-booking.ts), and an email saying why and
 * where the money goes — all in one transaction, or nothing.
 * The closure blocks new holds at once: this takes the schedule rules' lock exclusively, which the
 * reservations' trigger takes shared, so a racing hold either commits first (and is in the impact)
 * or waits and is refused.
 */
export async function saveClosure(
  deps: AppDeps,
  actor: SessionUser,
  body: SaveClosureBody,
): Promise<SaveClosureResult> {
  // role: manager
  const { id, action, draft } = body;
  const now = deps.now();
  assertDraft(draft, now);
  if (draft.kind === "closure") {
    const known = new Set((await activeFacilities(deps.db, draft.facilityType)).map((f) => f.id));
    if (draft.facilityIds.some((f) => !known.has(f))) throw bad(CLOSURE_MESSAGES.unknownFacility);
  }
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('venue-schedule-rules', 0))`);
    const earlier = await earlierSave(tx, id);
    if (earlier) return earlier;
    if (draft.kind === "closure") {
      const others = await tx
        .select()
        .from(facilityClosures)
        .where(eq(facilityClosures.facilityType, draft.facilityType));
      const mine = asRule(draft) as FacilityClosure;
      const clash = others.find((o) =>
        closuresOverlap(mine, {
          ...o,
          facilityType: draft.facilityType,
          startTime: hhmm(o.startTime),
          endTime: hhmm(o.endTime),
        }),
      );
      if (clash) throw bad(CLOSURE_MESSAGES.overlapsClosure(clash.reason));
    }
    if (action === "cancel") {
      // Payments before reservations, as payment confirmation and the staff refunds lock them: else
      // a staff refund of a later booking's payment, made while this one is refunding an earlier
      // booking at the provider, holds that payment and waits for its row, which we hold (a deadlock).
      const seen = await affectedReservations(tx, draft, now);
      await lockPaymentsByIds(
        tx,
        seen.map((r) => r.paymentId),
      );
    }
    const affected = await affectedReservations(tx, draft, now, true);
    const outcomes: Outcome[] = [];
    if (action !== "keep") {
      for (const row of affected)
        outcomes.push(
          action === "move"
            ? await move(tx, deps, draft, row)
            : await cancelClosedBooking(tx, deps, row, { actorUserId: actor.id, reason: draft.reason }),
        );
    }
    try {
      await tx.execute(sql`savepoint closure_row`);
      if (draft.kind === "closure") {
        const { kind: _kind, ...values } = draft;
        await tx.insert(facilityClosures).values({ id, ...values });
      } else {
        await tx.insert(specialDays).values({
          id,
          startsOn: draft.startsOn,
          endsOn: draft.endsOn,
          opensAt: draft.closed ? null : draft.opensAt,
          closesAt: draft.closed ? null : draft.closesAt,
          reason: draft.reason,
        });
      }
    } catch (err) {
      if (!isExclusionViolation(err)) throw err;
      await tx.execute(sql`rollback to savepoint closure_row`);
      const [clash] = await tx
        .select()
        .from(specialDays)
        .where(
          sql`daterange(${specialDays.startsOn}, ${specialDays.endsOn}, '[]') && daterange(${draft.startsOn}::date, ${draft.endsOn}::date, '[]')`,
        );
      throw bad(CLOSURE_MESSAGES.overlapsSpecialDay(clash?.reason ?? ""));
    }
    for (const o of outcomes) await tell(tx, deps, venue, id, draft.reason, o);
    const summary: SaveClosureResult = {
      id,
      kept: action === "keep" ? affected.length : 0,
      moved: outcomes.filter((o) => o.kind === "moved").length,
      cancelled: outcomes.filter((o) => o.kind === "cancelled").length,
      refundedCents: outcomes.reduce((sum, o) => sum + (o.kind === "cancelled" ? o.refundCents : 0), 0),
    };
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: draft.kind === "closure" ? "add_closure" : "add_special_day",
      targetType: draft.kind === "closure" ? "closure" : "special_day",
      targetId: id,
      targetLabel: draft.reason,
      outcome: "success",
      at: now,
      details: {
        before: null,
        after: { ...draft, action },
        bookings: affected.map((r) => r.id),
        result: summary,
      },
    });
    return summary;
  });
  await deps.schedule.changed();
  return result;
}
