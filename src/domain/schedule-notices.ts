import type { DayHours } from "./admin-schedule";
import { formatTime12, minutesOf } from "./venue-time";

// Issue 31: the reasons players see on the booking screen ("Closed for Thanksgiving",
// "Court 3 closed 9:00 AM–6:00 PM: resurfacing"), from the day's special hours and closures.

type Closed = { facilityId: number; name: string | null; startTime: string; endTime: string; reason: string };

const span = (start: string, end: string, hours: DayHours) => {
  const coversDay =
    hours === null
      ? start === "00:00" && end === "24:00"
      : minutesOf(start) <= minutesOf(hours.opensAt) && minutesOf(end) >= minutesOf(hours.closesAt);
  return coversDay ? "all day" : `${formatTime12(start)}–${formatTime12(end)}`;
};

export function scheduleNotices(day: {
  specialReason: string | null;
  hours: DayHours;
  closed: Closed[];
}): string[] {
  const notices: string[] = [];
  if (day.specialReason) {
    notices.push(
      day.hours
        ? `${day.specialReason}: open ${formatTime12(day.hours.opensAt)}–${formatTime12(day.hours.closesAt)}`
        : day.specialReason,
    );
  }
  if (!day.hours) return notices;
  // One line per closure stretch and reason, naming every court (or bay) it takes.
  const groups = new Map<string, { names: string[]; start: string; end: string; reason: string }>();
  for (const c of day.closed) {
    if (c.name === null) continue;
    if (
      minutesOf(c.endTime) <= minutesOf(day.hours.opensAt) ||
      minutesOf(c.startTime) >= minutesOf(day.hours.closesAt)
    ) {
      continue;
    }
    const key = `${c.startTime}|${c.endTime}|${c.reason}`;
    const group = groups.get(key) ?? { names: [], start: c.startTime, end: c.endTime, reason: c.reason };
    if (!group.names.includes(c.name)) group.names.push(c.name);
    groups.set(key, group);
  }
  for (const g of groups.values()) {
    notices.push(`${g.names.join(", ")} closed ${span(g.start, g.end, day.hours)}: ${g.reason}`);
  }
  return notices;
}
