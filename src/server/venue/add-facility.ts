import { sql } from "drizzle-orm";
import type { AddFacilityBody, FacilitiesResponse } from "../../contracts/venue";
import { FACILITY_MESSAGES } from "../../domain/facilities";
import type { SessionUser } from "../auth/session-user";
import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { changeVenueRules } from "./change-venue-rules";
import { facilityTable, listFacilities, lockFacilities } from "./facility-tables";

/** Refused when another court (or bay) already has the name, whatever its case or spaces. */
export async function assertNameFree(
  tx: Tx,
  type: AddFacilityBody["facilityType"],
  name: string,
  exceptId?: number,
) {
  const table = facilityTable(type);
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      sql`lower(btrim(${table.name})) = lower(${name}) ${exceptId ? sql`and ${table.id} <> ${exceptId}` : sql``}`,
    )
    .limit(1);
  if (taken)
    throw new AppError("CONFLICT", FACILITY_MESSAGES.nameUsed(type, name), undefined, { field: "name" });
}

/**
 * Staff add a court or dart bay (issue 31 item 1): the next id, never reused, at the end of the
 * order, active at once (new holds and the booking screen offer it).
 */
export async function addFacility(
  deps: AppDeps,
  actor: SessionUser,
  body: AddFacilityBody,
): Promise<FacilitiesResponse> {
  // role: manager
  const { facilityType: type, name } = body;
  const table = facilityTable(type);
  await changeVenueRules(deps, async (tx) => {
    await lockFacilities(tx, type);
    await assertNameFree(tx, type, name);
    const [next] = await tx
      .select({
        id: sql<number>`coalesce(max(${table.id}), 0) + 1`,
        sortOrder: sql<number>`coalesce(max(${table.sortOrder}), 0) + 1`,
      })
      .from(table);
    const id = Number(next?.id ?? 1);
    const created = { id, name, isActive: true, sortOrder: Number(next?.sortOrder ?? 1) };
    await tx.insert(table).values(created);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "add_facility",
      targetType: "facility",
      targetId: `${type}:${id}`,
      targetLabel: name,
      outcome: "success",
      at: deps.now(),
      details: { before: null, after: { facilityType: type, ...created } },
    });
  });
  return listFacilities(deps.db, deps.now());
}
