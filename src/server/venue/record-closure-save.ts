import { and, desc, eq, sql } from "drizzle-orm";
import type { ClosureAction, ClosureDraft, SaveClosureResult } from "../../contracts/venue";
import type { Tx } from "../db/client";
import { auditLog } from "../db/schema";
import { writeAudit } from "../kernel/staff/audit-log";

/** A repeated save (same id) answers what the first one did, from its audit row, and changes nothing. */
export async function earlierClosureSave(tx: Tx, id: string): Promise<SaveClosureResult | null> {
  const [row] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), sql`${auditLog.action} in ('add_closure', 'add_special_day')`))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return (row?.details as { result?: SaveClosureResult } | undefined)?.result ?? null;
}

/** The save's audit row: the draft, the bookings it touched and its result (read back by earlierClosureSave). */
export async function auditClosureSave(
  tx: Tx,
  save: {
    actorUserId: string;
    id: string;
    action: ClosureAction;
    draft: ClosureDraft;
    bookingIds: string[];
    summary: SaveClosureResult;
    now: Date;
  },
) {
  const { id, action, draft } = save;
  await writeAudit(tx, {
    actorUserId: save.actorUserId,
    action: draft.kind === "closure" ? "add_closure" : "add_special_day",
    targetType: draft.kind === "closure" ? "closure" : "special_day",
    targetId: id,
    targetLabel: draft.reason,
    outcome: "success",
    at: save.now,
    details: {
      before: null,
      after: { ...draft, action },
      bookings: save.bookingIds,
      result: save.summary,
    },
  });
}
