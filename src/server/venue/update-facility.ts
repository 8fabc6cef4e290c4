import { and, eq } from "drizzle-orm";
import type { FacilitiesResponse, UpdateFacilityBody } from "../../contracts/venue";
import type { FacilityType } from "../../domain/durations";
import { FACILITY_MESSAGES } from "../../domain/facilities";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { assertNameFree } from "./add-facility";
import { changeVenueRules } from "./change-venue-rules";
import { facilitiesOf, facilityTable, listFacilities, lockFacilities, upcomingUse } from "./facility-tables";

/**
 * Staff rename, deactivate or reactivate a court or dart bay (issue 31 item 1); its id never
 * changes. The last active one of its kind stays; one with bookings or events to come is closed
 * first (a closure decides what happens to them), so deactivating never strands a booking.
 */
export async function updateFacility(
  deps: AppDeps,
  actor: SessionUser,
  type: FacilityType,
  id: number,
  body: UpdateFacilityBody,
): Promise<FacilitiesResponse> {
  // role: manager
  const table = facilityTable(type);
  const now = deps.now();
  await changeVenueRules(deps, async (tx) => {
    await lockFacilities(tx, type);
    const all = await facilitiesOf(tx, type, now);
    const current = all.find((f) => f.id === id);
    if (!current) throw new AppError("NOT_FOUND", FACILITY_MESSAGES.notFound(type));
    const name = body.name ?? current.name;
    const isActive = body.isActive ?? current.isActive;
    if (name !== current.name) await assertNameFree(tx, type, name, id);
    if (current.isActive && !isActive) {
      if (!all.some((f) => f.isActive && f.id !== id)) {
        throw new AppError("CONFLICT", FACILITY_MESSAGES.lastActive(type));
      }
      if (current.upcoming > 0) {
        const use = (await upcomingUse(tx, type, now)).get(id) ?? { bookings: 0, events: 0 };
        throw new AppError("CONFLICT", FACILITY_MESSAGES.hasUpcoming(type, current.name, use), {
          upcoming: current.upcoming,
        });
      }
    }
    if (name === current.name && isActive === current.isActive) return;
    await tx
      .update(table)
      .set({ name, isActive })
      .where(and(eq(table.id, id)));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_facility",
      targetType: "facility",
      targetId: `${type}:${id}`,
      targetLabel: name,
      outcome: "success",
      at: now,
      details: {
        before: { name: current.name, isActive: current.isActive },
        after: { name, isActive },
      },
    });
  });
  return listFacilities(deps.db, now);
}
