import type { FacilityType } from "./durations";

// Issue 31 item 1: the venue's courts and dart bays are data staff edit; these are the words the
// server answers with when a change would break the venue.

export const facilityNoun = (type: FacilityType) => (type === "court" ? "court" : "dart bay");

export const FACILITY_MESSAGES = {
  nameUsed: (type: FacilityType, name: string) => `A ${facilityNoun(type)} named "${name}" already exists`,
  lastActive: (type: FacilityType) => `At least one ${facilityNoun(type)} must stay active`,
  notFound: (type: FacilityType) => `No such ${facilityNoun(type)}`,
  hasUpcoming: (name: string, count: number) =>
    `${name} has ${count} booking${count === 1 ? "" : "s"} or event${count === 1 ? "" : "s"} from today on. ` +
    "Move or cancel them first on the Admin Dashboard, then deactivate it.",
  orderIncomplete: (type: FacilityType) => `The order must list every ${facilityNoun(type)} exactly once`,
} as const;

/** The spec's venue (SPEC §9): what the demo and a new venue start with. */
export const DEFAULT_FACILITIES: Record<FacilityType, string[]> = {
  court: Array.from({ length: 8 }, (_, i) => `Court ${i + 1}`),
  dart_bay: Array.from({ length: 4 }, (_, i) => `Dart Bay ${i + 1}`),
};
