import { eq } from "drizzle-orm";
import type { FacilitiesResponse } from "../../contracts/venue";
import type { FacilityType } from "../../domain/durations";
import { FACILITY_MESSAGES } from "../../domain/facilities";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { changeVenueRules } from "./change-venue-rules";
import { facilitiesOf, facilityTable, listFacilities, lockFacilities } from "./facility-tables";

/** Staff set the order courts (or bays) are listed in: the admin grid's rows and the settings' list. */
export async function reorderFacilities(
  deps: AppDeps,
  actor: SessionUser,
  type: FacilityType,
  ids: number[],
): Promise<FacilitiesResponse> {
  // role: manager
  const table = facilityTable(type);
  const now = deps.now();
  await changeVenueRules(deps, async (tx) => {
    await lockFacilities(tx, type);
    const before = (await facilitiesOf(tx, type, now)).map((f) => f.id);
    const same =
      ids.length === before.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => before.includes(id));
    if (!same)
      throw new AppError("VALIDATION", FACILITY_MESSAGES.orderIncomplete(type), undefined, { field: "ids" });
    if (ids.every((id, i) => before[i] === id)) return;
    for (const [index, id] of ids.entries()) {
      await tx
        .update(table)
        .set({ sortOrder: index + 1 })
        .where(eq(table.id, id));
    }
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "reorder_facilities",
      targetType: "facility",
      targetId: type,
      targetLabel: type === "court" ? "Courts" : "Dart bays",
      outcome: "success",
      at: now,
      details: { before, after: ids },
    });
  });
  return listFacilities(deps.db, now);
}
