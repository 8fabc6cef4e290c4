import type { ClosureDraft } from "../../contracts/venue";
import { CLOSURE_MESSAGES, hoursProblem } from "../../domain/venue-hours";
import { compareDates, venueInstant } from "../../domain/venue-time";
import type { AppDeps } from "../deps";
import { activeFacilities } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";

const bad = (message: string) => new AppError("VALIDATION", message);

/** The draft's own checks, before anything is locked: dates, times, not already over, known courts. */
export async function checkClosureDraft(deps: AppDeps, draft: ClosureDraft, now: Date) {
  if (compareDates(draft.endsOn, draft.startsOn) < 0) throw bad(CLOSURE_MESSAGES.dates);
  if (draft.kind === "closure") {
    if (
      draft.weekly
        ? draft.endTime <= draft.startTime
        : venueInstant(draft.endsOn, draft.endTime) <= venueInstant(draft.startsOn, draft.startTime)
    ) {
      throw bad(draft.weekly ? CLOSURE_MESSAGES.weeklyOrder : CLOSURE_MESSAGES.order);
    }
    if (venueInstant(draft.endsOn, draft.endTime) <= now) throw bad(CLOSURE_MESSAGES.past);
  } else {
    const problem = draft.closed
      ? null
      : hoursProblem({ opensAt: draft.opensAt, closesAt: draft.closesAt }, "Special hours");
    if (problem) throw bad(problem);
    if (venueInstant(draft.endsOn, "24:00") <= now) throw bad(CLOSURE_MESSAGES.past);
  }
  if (draft.kind === "closure") {
    const known = new Set((await activeFacilities(deps.db, draft.facilityType)).map((f) => f.id));
    if (draft.facilityIds.some((f) => !known.has(f))) throw bad(CLOSURE_MESSAGES.unknownFacility);
  }
}
