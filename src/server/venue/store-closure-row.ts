import { eq, sql } from "drizzle-orm";
import type { ClosureDraft } from "../../contracts/venue";
import { CLOSURE_MESSAGES, closuresOverlap, type FacilityClosure } from "../../domain/venue-hours";
import type { Tx } from "../db/client";
import { isExclusionViolation } from "../db/pg-errors";
import { facilityClosures, specialDays } from "../db/schema";
import { AppError } from "../lib/errors";
import { asRule, hhmm } from "./closure-impact";

const bad = (message: string) => new AppError("VALIDATION", message);

/** A closure may not overlap another of the same courts (or bays): refused, naming the other's reason. */
export async function refuseOverlappingClosure(tx: Tx, draft: Extract<ClosureDraft, { kind: "closure" }>) {
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

/**
 * The closure's (or special day's) own row. Special days may not overlap: the table's exclusion
 * constraint refuses one, and the refusal names the special day it clashed with.
 */
export async function insertClosureRow(tx: Tx, id: string, draft: ClosureDraft) {
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
}
