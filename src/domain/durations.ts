// SPEC §9 Booking, Durations.
export type FacilityType = "court" | "dart_bay";

export const FACILITY_TYPES: readonly FacilityType[] = ["court", "dart_bay"];

const steps = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, i) => from + i * 30);

// What a player may pick on the booking screen is the rate card's (rate-card.ts: the spec's 60–180
// for courts, 30–180 for dart bays, by default); staff bookings are fixed here.

/** Staff manual bookings: 30–180 minutes in 30-minute steps for both facility types. */
export const ADMIN_DURATIONS: Record<FacilityType, readonly number[]> = {
  court: steps(30, 180),
  dart_bay: steps(30, 180),
};

export const ADMIN_DEFAULT_DURATION: Record<FacilityType, number> = { court: 60, dart_bay: 30 };

export function isFacilityType(value: string): value is FacilityType {
  return (FACILITY_TYPES as readonly string[]).includes(value);
}

export function isAdminDuration(type: FacilityType, durationMinutes: number): boolean {
  return ADMIN_DURATIONS[type].includes(durationMinutes);
}
