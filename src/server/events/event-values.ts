import type { EventInput } from "../../contracts/events";
import { checkEventForm, EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { emptyToNull } from "../../domain/event-registration";
import type { Tx } from "../db/client";
import { findCourtConflict } from "../kernel/schedule/court-usage";
import { activeFacilities } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";

export type EventValues = {
  name: string;
  description: string | null;
  type: EventInput["type"];
  date: string;
  startTime: string;
  endTime: string;
  courts: number[];
  maxParticipants: number;
  memberPriceCents: number;
  nonMemberPriceCents: number;
  isPrivate: boolean;
  isPartnered: boolean;
  hideParticipants: boolean;
  skillLevels: string[];
};

/** The form, tidied (trimmed text, courts once each in order, skill levels non-empty and unique) and checked. */
export function toEventValues(input: EventInput): EventValues {
  const values: EventValues = {
    name: input.name.trim(),
    description: emptyToNull(input.description),
    type: input.type,
    date: input.date,
    startTime: input.startTime.slice(0, 5),
    endTime: input.endTime.slice(0, 5),
    courts: [...new Set(input.courts)].sort((a, b) => a - b),
    maxParticipants: input.maxParticipants,
    memberPriceCents: input.memberPriceCents,
    nonMemberPriceCents: input.nonMemberPriceCents,
    isPrivate: input.isPrivate,
    isPartnered: input.isPartnered,
    hideParticipants: input.hideParticipants,
    skillLevels: [...new Set(input.skillLevels.map((s) => s.trim()).filter((s) => s !== ""))],
  };
  const problem = checkEventForm(values);
  if (problem) throw new AppError("VALIDATION", problem);
  return values;
}

/**
 * SPEC §5 On submit: for every date, the courts against reservations first, then against other
 * events. `label` is the date for create ("… on 2026-11-23") and for a series edit (decision 021),
 * and null for a single edit ("… on this date").
 */
export async function assertCourtsFree(
  tx: Tx,
  values: EventValues,
  dates: readonly string[],
  options: { excludeEventId?: string; excludeEventIds?: readonly string[]; now: Date; nameDates: boolean },
): Promise<void> {
  if (values.courts.length > 0) {
    const active = new Set((await activeFacilities(tx, "court")).map((c) => c.id));
    if (values.courts.some((c) => !active.has(c))) {
      throw new AppError("VALIDATION", EVENT_FORM_MESSAGES.inactiveCourt, undefined, { field: "courts" });
    }
  }
  for (const date of dates) {
    const window = { date, startTime: values.startTime, endTime: values.endTime };
    const conflict = await findCourtConflict(tx, window, values.courts, options);
    const label = options.nameDates ? date : null;
    if (conflict === "reserved") throw new AppError("CONFLICT", EVENT_FORM_MESSAGES.reserved(label));
    if (conflict === "in_use") throw new AppError("CONFLICT", EVENT_FORM_MESSAGES.inUse(label));
  }
}
