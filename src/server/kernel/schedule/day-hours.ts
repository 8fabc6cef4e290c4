import { eq } from "drizzle-orm";
import type { DayHours } from "../../../domain/admin-schedule";
import { dayOfWeek } from "../../../domain/venue-time";
import type { Db, Tx } from "../../db/client";
import { operatingHours } from "../../db/schema";

const hhmm = (t: string) => t.slice(0, 5);

/** The venue's operating hours on a date (DECISIONS.md: the operating_hours table), null when closed. */
export async function loadDayHours(executor: Db | Tx, date: string): Promise<DayHours> {
  const [row] = await executor
    .select({ opensAt: operatingHours.opensAt, closesAt: operatingHours.closesAt })
    .from(operatingHours)
    .where(eq(operatingHours.dayOfWeek, dayOfWeek(date)));
  return row ? { opensAt: hhmm(row.opensAt), closesAt: hhmm(row.closesAt) } : null;
}
