import { describe, expect, it } from "vitest";
import type { SlotContext } from "./slot-context";
import { createSlotContextCache } from "./slot-context-cache";

const context = (label: string): SlotContext => ({
  hours: { opensAt: "09:00", closesAt: "22:00" },
  facilityIds: [1],
  facilityNames: new Map([[1, label]]),
  busy: [],
  specialReason: null,
  closed: [],
});

function setup(ttlMs: number) {
  let now = 0;
  let reads = 0;
  const cache = createSlotContextCache(ttlMs, () => now);
  const read = (date: string, label = "read") =>
    cache.get("court", date, async () => {
      reads++;
      return context(`${label} ${reads}`);
    });
  return {
    cache,
    read,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("slot context cache", () => {
  it("reads once per facility type and date within the time to live", async () => {
    const t = setup(1000);
    await t.read("2026-11-23");
    await t.read("2026-11-23");
    t.advance(999);
    await t.read("2026-11-23");
    expect(t.reads()).toBe(1);
    await t.read("2026-11-24");
    expect(t.reads()).toBe(2);
  });

  it("reads again once the time to live has passed", async () => {
    const t = setup(1000);
    await t.read("2026-11-23");
    t.advance(1000);
    await t.read("2026-11-23");
    expect(t.reads()).toBe(2);
  });

  it("reads again after clear(), which every write calls", async () => {
    const t = setup(1000);
    await t.read("2026-11-23");
    t.cache.clear();
    await t.read("2026-11-23");
    expect(t.reads()).toBe(2);
  });

  it("shares one read between concurrent requests", async () => {
    const t = setup(1000);
    const [a, b] = await Promise.all([t.read("2026-11-23"), t.read("2026-11-23")]);
    expect(a).toBe(b);
    expect(t.reads()).toBe(1);
  });

  it("does not keep a failed read", async () => {
    let now = 0;
    let calls = 0;
    const cache = createSlotContextCache(1000, () => now);
    const failing = () => {
      calls++;
      return Promise.reject(new Error("database down"));
    };
    await expect(cache.get("court", "2026-11-23", failing)).rejects.toThrow("database down");
    await expect(cache.get("court", "2026-11-23", failing)).rejects.toThrow("database down");
    expect(calls).toBe(2);
    now += 1;
  });

  it("is off with a time to live of 0", async () => {
    const t = setup(0);
    await t.read("2026-11-23");
    await t.read("2026-11-23");
    expect(t.reads()).toBe(2);
  });
});
