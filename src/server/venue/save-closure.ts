import { sql } from "drizzle-orm";
import type { SaveClosureBody, SaveClosureResult } from "../../contracts/venue";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import { type Cancelled, cancelClosedBooking } from "./cancel-closed-booking";
import { checkClosureDraft } from "./check-closure-draft";
import { affectedReservations } from "./closure-impact";
import { emailClosureChange } from "./email-closure-change";
import { lockClosurePayments } from "./lock-closure-payments";
import { type Moved, moveClosedBooking } from "./move-closed-booking";
import { auditClosureSave, earlierClosureSave } from "./record-closure-save";
import { insertClosureRow, refuseOverlappingClosure } from "./store-closure-row";

/**
 * Issue 31 item 3: a closure (or special day) and what happens to the bookings inside it — kept,
 * moved to a free court or bay of the same type at the same time (move-closed-booking.ts), or
 * cancelled with a full refund of what each paid, online or at the desk (cancel-closed-booking.ts),
 * and an email saying why and where the money goes — all in one transaction, or nothing.
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
  await checkClosureDraft(deps, draft, now);
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('venue-schedule-rules', 0))`);
    const earlier = await earlierClosureSave(tx, id);
    if (earlier) return earlier;
    if (draft.kind === "closure") await refuseOverlappingClosure(tx, draft);
    if (action === "cancel") await lockClosurePayments(tx, draft, now);
    const affected = await affectedReservations(tx, draft, now, true);
    const outcomes: Array<Moved | Cancelled> = [];
    if (action !== "keep") {
      for (const row of affected)
        outcomes.push(
          action === "move"
            ? await moveClosedBooking(tx, deps, draft, row)
            : await cancelClosedBooking(tx, deps, row, { actorUserId: actor.id, reason: draft.reason }),
        );
    }
    await insertClosureRow(tx, id, draft);
    for (const o of outcomes) await emailClosureChange(tx, deps, venue, { id, reason: draft.reason }, o);
    const summary: SaveClosureResult = {
      id,
      kept: action === "keep" ? affected.length : 0,
      moved: outcomes.filter((o) => o.kind === "moved").length,
      cancelled: outcomes.filter((o) => o.kind === "cancelled").length,
      refundedCents: outcomes.reduce((sum, o) => sum + (o.kind === "cancelled" ? o.refundCents : 0), 0),
    };
    const bookingIds = affected.map((r) => r.id);
    await auditClosureSave(tx, { actorUserId: actor.id, id, action, draft, bookingIds, summary, now });
    return summary;
  });
  await deps.schedule.changed();
  return result;
}
