// The schedule a venue's admin collects in a year or two (issue 31 Performance): 200 closures of
// courts and bays and 50 special days, for the grown database (bench/seed-growth.ts). Availability
// reads every one of them (the rules are read once and cached, then checked per date), so the
// growth rows measure the lookup with them. They go in after the bulk bookings, as staff add
// closures to a venue that is already booked ("keep" them), and mostly outside the bookable days,
// so the grown database answers the rush's dates as its twin does:
// - 140 one-off closures of one court or bay, 10 AM to 2 PM, every few days over the past and
//   next year, none on the bookable days;
// - 10 one-off closures on the bookable days, one court for an hour at noon;
// - 50 weekly closures of one court or bay, 7 to 8:30 AM (before any opening), from three months
//   back to nine ahead: checked on every date, closing nothing the twin offers;
// - 50 special days, 25 in the past year and 25 after the bookable days: half closed all day,
//   half open noon to 6 PM.
import { addDaysToDate } from "../src/domain/venue-time";
import type { Db } from "../src/server/db/client";
import { courts, dartBays, facilityClosures, specialDays } from "../src/server/db/schema";

/** Days from today on that the booking screen offers (a member's horizon, and some). */
const BOOKABLE_DAYS = 15;

export async function seedClosures(
  db: Db,
  today: string,
): Promise<{ closures: number; specialDays: number }> {
  const courtIds = (await db.select({ id: courts.id }).from(courts)).map((c) => c.id);
  const bayIds = (await db.select({ id: dartBays.id }).from(dartBays)).map((b) => b.id);
  const facility = (k: number) =>
    k % 3 === 2
      ? { facilityType: "dart_bay", facilityIds: [bayIds[k % bayIds.length] ?? 1] }
      : { facilityType: "court", facilityIds: [courtIds[k % courtIds.length] ?? 1] };

  const closures: Array<typeof facilityClosures.$inferInsert> = [];
  for (let k = 0; k < 140; k++) {
    // Every 5 days from a year back; the bookable days are stepped over.
    let offset = -365 + k * 5;
    if (offset >= 0 && offset < BOOKABLE_DAYS) offset += BOOKABLE_DAYS;
    const day = addDaysToDate(today, offset);
    closures.push({
      ...facility(k),
      startsOn: day,
      endsOn: day,
      startTime: "10:00",
      endTime: "14:00",
      reason: `Bench maintenance ${k + 1}`,
    });
  }
  for (let k = 0; k < 10; k++) {
    const day = addDaysToDate(today, k);
    closures.push({
      facilityType: "court",
      facilityIds: [courtIds[k % courtIds.length] ?? 1],
      startsOn: day,
      endsOn: day,
      startTime: "12:00",
      endTime: "13:00",
      reason: `Bench net repair ${k + 1}`,
    });
  }
  for (let k = 0; k < 50; k++) {
    closures.push({
      ...facility(k),
      startsOn: addDaysToDate(today, -90 + (k % 7)),
      endsOn: addDaysToDate(today, 270),
      startTime: "07:00",
      endTime: "08:30",
      weekly: true,
      reason: `Bench early cleaning ${k + 1}`,
    });
  }

  const days: Array<typeof specialDays.$inferInsert> = [];
  for (let k = 0; k < 50; k++) {
    const offset = k < 25 ? -14 * (k + 1) : BOOKABLE_DAYS + 14 * (k - 25);
    const day = addDaysToDate(today, offset);
    const closed = k % 2 === 0;
    days.push({
      startsOn: day,
      endsOn: day,
      opensAt: closed ? null : "12:00",
      closesAt: closed ? null : "18:00",
      reason: `Bench special day ${k + 1}`,
    });
  }

  await db.insert(facilityClosures).values(closures);
  await db.insert(specialDays).values(days);
  return { closures: closures.length, specialDays: days.length };
}
