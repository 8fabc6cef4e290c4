import type { DayHours } from "../../../domain/admin-schedule";
import { dayHours } from "../../../domain/venue-hours";
import type { Db } from "../../db/client";
import { loadScheduleRules } from "../../settings/schedule-rules";

/** The venue's hours on a date (issue 31: a special day's, else the weekday's), null when closed. */
export async function loadDayHours(db: Db, date: string): Promise<DayHours> {
  return dayHours(await loadScheduleRules(db), date).hours;
}
