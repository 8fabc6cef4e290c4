import { describe, expect, it } from "vitest";
import { dueReminderLeads, reminderLeadMinutes } from "./reminders";

const at = (iso: string) => new Date(iso);

describe("reminderLeadMinutes", () => {
  it.each([
    [null, null, [1440]],
    [24, 2, [1440, 120]],
    [2, 24, [1440, 120]],
    [6, 6, [360]],
    [48, null, [2880]],
  ])("first %s, second %s → %j", (first, second, expected) => {
    expect(reminderLeadMinutes(first, second)).toEqual(expected);
  });
});

describe("dueReminderLeads", () => {
  const startsAt = at("2026-11-25T18:00:00Z");
  const bookedAt = at("2026-11-20T12:00:00Z");
  const leadMinutes = [1440, 120];
  it.each([
    ["a day and a minute before", "2026-11-24T17:59:00Z", bookedAt, []],
    ["exactly 24 hours before", "2026-11-24T18:00:00Z", bookedAt, [1440]],
    ["3 hours before", "2026-11-25T15:00:00Z", bookedAt, [1440]],
    ["2 hours before", "2026-11-25T16:00:00Z", bookedAt, [1440, 120]],
    ["at the start", "2026-11-25T18:00:00Z", bookedAt, []],
    ["booked 3 hours ahead, 2 hours before", "2026-11-25T16:00:00Z", at("2026-11-25T15:00:00Z"), [120]],
    ["booked 1 hour ahead", "2026-11-25T17:30:00Z", at("2026-11-25T17:00:00Z"), []],
  ])("%s", (_, now, booked, expected) => {
    expect(dueReminderLeads({ startsAt, bookedAt: booked, now: at(now), leadMinutes })).toEqual(expected);
  });
});
