import type { OpeningHoursBody } from "../../contracts/venue";
import { DAY_NAMES, type WeekHours, weekHoursProblem } from "../../domain/venue-hours";
import type { SessionUser } from "../auth/session-user";
import { operatingHours } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { loadScheduleRules } from "../settings/schedule-rules";
import { changeVenueRules } from "./change-venue-rules";

/** The week as the settings form shows it: every day, closed ones with the times they last had. */
export function openingHoursOf(week: WeekHours): OpeningHoursBody {
  return {
    days: DAY_NAMES.map((_, dayOfWeek) => {
      const hours = week[dayOfWeek];
      return hours
        ? { dayOfWeek, closed: false, opensAt: hours.opensAt, closesAt: hours.closesAt }
        : { dayOfWeek, closed: true, opensAt: "09:00", closesAt: "21:00" };
    }),
  };
}

/**
 * Staff set the weekly opening hours (issue 31 item 2): each day open from–to, or closed all day.
 * The footer, the booking screen, the dashboard's grid and its edit dialog follow at once.
 */
export async function updateOpeningHours(
  deps: AppDeps,
  actor: SessionUser,
  body: OpeningHoursBody,
): Promise<OpeningHoursBody> {
  // role: manager
  const week: WeekHours = {};
  for (const day of body.days) {
    if (day.dayOfWeek in week)
      throw new AppError("VALIDATION", "Give each day of the week once", undefined, { field: "days" });
    week[day.dayOfWeek] = day.closed ? null : { opensAt: day.opensAt, closesAt: day.closesAt };
  }
  const problem = weekHoursProblem(week);
  if (problem) throw new AppError("VALIDATION", problem, undefined, { field: "days" });
  const before = (await loadScheduleRules(deps.db)).week;
  await changeVenueRules(deps, async (tx) => {
    await tx.delete(operatingHours);
    const open = Object.entries(week).flatMap(([day, hours]) =>
      hours ? [{ dayOfWeek: Number(day), opensAt: hours.opensAt, closesAt: hours.closesAt }] : [],
    );
    if (open.length > 0) await tx.insert(operatingHours).values(open);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_opening_hours",
      targetType: "opening_hours",
      targetId: "week",
      targetLabel: "Opening hours",
      outcome: "success",
      at: deps.now(),
      details: { before, after: week },
    });
  });
  return openingHoursOf((await loadScheduleRules(deps.db)).week);
}
