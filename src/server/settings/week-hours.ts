import type { WeekHours } from "../../domain/rate-card-validation";
import type { Db, Tx } from "../db/client";
import { operatingHours } from "../db/schema";

/** The venue's weekly opening hours by weekday (0 = Sunday), null for a closed day. */
export async function loadWeekHours(executor: Db | Tx): Promise<WeekHours> {
  const rows = await executor.select().from(operatingHours);
  const week: WeekHours = { 0: null, 1: null, 2: null, 3: null, 4: null, 5: null, 6: null };
  for (const row of rows) {
    week[row.dayOfWeek] = { opensAt: row.opensAt.slice(0, 5), closesAt: row.closesAt.slice(0, 5) };
  }
  return week;
}
