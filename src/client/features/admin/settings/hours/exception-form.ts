import type { ClosureAction, ClosureDraft } from "../../../../../contracts/venue";
import type { FacilityType } from "../../../../../domain/durations";
import { timeChoices } from "../prices/price-form";

// What the "Add a closure or special day" form holds, and the draft the server checks and saves.

/** Every half hour from 00:00 to Midnight. */
export const TIMES = timeChoices();

export type ExceptionKind = "closure" | "special_day";

export type ExceptionForm = {
  kind: ExceptionKind;
  facilityType: FacilityType;
  facilityIds: number[];
  startsOn: string;
  endsOn: string;
  startTime: string;
  endTime: string;
  weekly: boolean;
  closed: boolean;
  opensAt: string;
  closesAt: string;
  reason: string;
};

export const blankException = (today: string): ExceptionForm => ({
  kind: "closure",
  facilityType: "court",
  facilityIds: [],
  startsOn: today,
  endsOn: today,
  startTime: "06:00",
  endTime: "24:00",
  weekly: false,
  closed: true,
  opensAt: "10:00",
  closesAt: "16:00",
  reason: "",
});

/** The form as the request: only the fields of its kind. */
export function draftOf(f: ExceptionForm): ClosureDraft {
  return f.kind === "closure"
    ? {
        kind: "closure",
        facilityType: f.facilityType,
        facilityIds: f.facilityIds,
        startsOn: f.startsOn,
        endsOn: f.endsOn,
        startTime: f.startTime,
        endTime: f.endTime,
        weekly: f.weekly,
        reason: f.reason,
      }
    : {
        kind: "special_day",
        startsOn: f.startsOn,
        endsOn: f.endsOn,
        closed: f.closed,
        opensAt: f.opensAt,
        closesAt: f.closesAt,
        reason: f.reason,
      };
}

/** A closure's bookings can also move to another court or bay; a special day's cannot. */
export const actionsFor = (kind: ExceptionKind): ClosureAction[] =>
  kind === "closure" ? ["keep", "move", "cancel"] : ["keep", "cancel"];
