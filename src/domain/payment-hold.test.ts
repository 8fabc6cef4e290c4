import { describe, expect, it } from "vitest";
import { formatCountdown, holdEndsAt } from "./payment-hold";

describe("payment hold (SPEC §9: 15 minutes, MM:SS countdown)", () => {
  it("ends 15 minutes after it starts", () => {
    expect(holdEndsAt(new Date("2026-11-01T06:55:00Z"), 15).toISOString()).toBe("2026-11-01T07:10:00.000Z");
  });
  it.each([
    [15 * 60_000, "15:00"],
    [61_000, "01:01"],
    [999, "00:01"],
    [0, "00:00"],
    [-5_000, "00:00"],
  ])("%i ms left → %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
