import { describe, expect, it } from "vitest";
import { ADMIN_DEFAULT_DURATION, ADMIN_DURATIONS, isAdminDuration, isFacilityType } from "./durations";
import { DEFAULT_RATE_CARD, isOfferedDuration } from "./rate-card";

describe("durations", () => {
  it("lists the spec's options and defaults", () => {
    expect(DEFAULT_RATE_CARD.court.durations).toEqual([60, 90, 120, 150, 180]);
    expect(DEFAULT_RATE_CARD.dart_bay.durations).toEqual([30, 60, 90, 120, 150, 180]);
    expect(ADMIN_DURATIONS.court).toEqual([30, 60, 90, 120, 150, 180]);
    expect(ADMIN_DURATIONS.dart_bay).toEqual([30, 60, 90, 120, 150, 180]);
    expect(DEFAULT_RATE_CARD.court.defaultDuration).toBe(60);
    expect(DEFAULT_RATE_CARD.dart_bay.defaultDuration).toBe(30);
    expect(ADMIN_DEFAULT_DURATION).toEqual({ court: 60, dart_bay: 30 });
  });

  it.each([
    ["court", 30, false, true],
    ["court", 60, true, true],
    ["court", 180, true, true],
    ["court", 210, false, false],
    ["court", 45, false, false],
    ["dart_bay", 30, true, true],
    ["dart_bay", 150, true, true],
    ["dart_bay", 0, false, false],
    ["dart_bay", 240, false, false],
  ] as const)("%s %i min: public %s, admin %s", (type, minutes, isPublic, isAdmin) => {
    expect(isOfferedDuration(DEFAULT_RATE_CARD, type, minutes)).toBe(isPublic);
    expect(isAdminDuration(type, minutes)).toBe(isAdmin);
  });

  it.each([
    ["court", true],
    ["dart_bay", true],
    ["darts", false],
    ["", false],
  ])("isFacilityType(%j) = %s", (value, ok) => {
    expect(isFacilityType(value)).toBe(ok);
  });
});
