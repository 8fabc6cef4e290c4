import { eq, gte } from "drizzle-orm";
import type { ScheduleExceptions } from "../../contracts/venue";
import { formatVenueDateShort } from "../../domain/booking-form";
import { DAY_NAMES } from "../../domain/venue-hours";
import { dayOfWeek, formatTime12, formatTimeRange, venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { facilityClosures, specialDays } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { changeVenueRules } from "./change-venue-rules";
import { facilityNames } from "./closure-impact";

const hhmm = (t: string) => t.slice(0, 5);
const range = (from: string, to: string) =>
  from === to ? formatVenueDateShort(from) : `${formatVenueDateShort(from)} – ${formatVenueDateShort(to)}`;

/** The special days and closures still to come (or under way), as staff read them. */
export async function listScheduleExceptions(db: Db, now: Date): Promise<ScheduleExceptions> {
  const today = venueToday(now);
  const [days, closures, courtNames, bayNames] = await Promise.all([
    db.select().from(specialDays).where(gte(specialDays.endsOn, today)).orderBy(specialDays.startsOn),
    db
      .select()
      .from(facilityClosures)
      .where(gte(facilityClosures.endsOn, today))
      .orderBy(facilityClosures.startsOn),
    facilityNames(db, "court"),
    facilityNames(db, "dart_bay"),
  ]);
  return {
    specialDays: days.map((d) => ({
      id: d.id,
      startsOn: d.startsOn,
      endsOn: d.endsOn,
      hours: d.opensAt && d.closesAt ? formatTimeRange(hhmm(d.opensAt), hhmm(d.closesAt)) : "Closed",
      reason: d.reason,
    })),
    closures: closures.map((c) => {
      const names = c.facilityType === "court" ? courtNames : bayNames;
      const when = c.weekly
        ? `Every ${DAY_NAMES[dayOfWeek(c.startsOn)]} ${formatTimeRange(hhmm(c.startTime), hhmm(c.endTime))}, ${range(c.startsOn, c.endsOn)}`
        : `${formatVenueDateShort(c.startsOn)} ${formatTime12(hhmm(c.startTime))} – ${formatVenueDateShort(c.endsOn)} ${formatTime12(hhmm(c.endTime))}`;
      return {
        id: c.id,
        facilityType: c.facilityType === "dart_bay" ? "dart_bay" : "court",
        facilities: c.facilityIds.map((id) => names.get(id) ?? `#${id}`).join(", "),
        when,
        reason: c.reason,
      };
    }),
  };
}

/** Staff end a closure or special day early (or remove one by mistake): the time is bookable again. */
export async function removeScheduleException(
  deps: AppDeps,
  actor: SessionUser,
  kind: "closure" | "special_day",
  id: string,
): Promise<ScheduleExceptions> {
  // role: manager
  await changeVenueRules(deps, async (tx) => {
    const table = kind === "closure" ? facilityClosures : specialDays;
    const [removed] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!removed) throw new AppError("NOT_FOUND", "No such closure or special day");
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: kind === "closure" ? "remove_closure" : "remove_special_day",
      targetType: kind === "closure" ? "closure" : "special_day",
      targetId: id,
      targetLabel: removed.reason,
      outcome: "success",
      at: deps.now(),
      details: { before: removed, after: null },
    });
  });
  return listScheduleExceptions(deps.db, deps.now());
}
