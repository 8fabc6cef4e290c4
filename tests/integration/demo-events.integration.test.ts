import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "../../src/domain/venue-time";
import { events } from "../../src/server/db/schema";
import { nextWeekday } from "../../src/server/demo/seed";
import { createTestApp, type TestApp } from "./kits/harness";

// Issue 34: the demo's event names match their dates, whatever day the demo is seeded on.
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

describe("demo events", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.seedDemo();
  });
  afterAll(() => t?.close());

  it("an event named for a weekday falls on that weekday", async () => {
    const rows = await t.db.select({ name: events.name, date: events.date }).from(events);
    const named = rows.filter((e) => WEEKDAYS.some((day) => e.name.includes(day)));
    expect(named.map((e) => e.name).sort()).toEqual(["Thursday Night League", "Tuesday Night Open Play"]);
    for (const e of named) {
      const weekday = WEEKDAYS[dayOfWeek(e.date)] ?? "";
      expect(e.name, `${e.name} is on ${e.date}`).toContain(weekday);
    }
  });

  it("every demo event has its own picture, a small file the app serves (issue 34)", async () => {
    const rows = await t.db.select({ name: events.name, photoUrl: events.photoUrl }).from(events);
    expect(rows.length).toBeGreaterThan(0);
    for (const e of rows) {
      expect(e.photoUrl, e.name).toMatch(/^\/files\/events\/[a-z-]+\.svg$/);
      const file = join("public", e.photoUrl ?? "");
      expect(existsSync(file), `${e.name}: ${file}`).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(8 * 1024);
    }
  });

  it.each([
    ["a Monday", "2026-11-23", "2026-11-24"],
    ["a Tuesday: next week's, so it is still upcoming", "2026-11-24", "2026-12-01"],
    ["a Wednesday", "2026-11-25", "2026-12-01"],
    ["a Sunday across a month end", "2026-11-29", "2026-12-01"],
  ])("seeded on %s, Tuesday's event is on %s → %s", (_, today, tuesday) => {
    expect(nextWeekday(today, 2)).toBe(tuesday);
  });
});
