import type { EventDto, EventInput } from "../../../../contracts/events";
import { checkEventForm, EVENT_FORM_MESSAGES } from "../../../../domain/event-form";
import { EVENT_PHOTO_MAX_BYTES } from "../../../../domain/event-photo";
import {
  EVENT_DEFAULTS,
  type EventType,
  MAX_RECURRENCE_COUNT,
  MIN_RECURRENCE_COUNT,
  recurrenceDates,
} from "../../../../domain/events";
import { centsToDollarsString, dollarsToCents } from "../../../../domain/money";

// The create/edit form's state (SPEC §2 Create New Event; §9 Events defaults). Prices are typed in
// dollars and sent in cents; the server checks everything again.

export type EventFormState = {
  name: string;
  description: string;
  type: EventType;
  date: string;
  startTime: string;
  endTime: string;
  maxParticipants: number | string;
  memberPrice: number | string;
  nonMemberPrice: number | string;
  courts: number[];
  addSkillLevels: boolean;
  skillLevels: string[];
  isPartnered: boolean;
  isPrivate: boolean;
  hideParticipants: boolean;
  isRecurring: boolean;
  frequency: "weekly" | "monthly";
  occurrences: number | string;
};

export function initialFormState(date = ""): EventFormState {
  return {
    name: "",
    description: "",
    type: EVENT_DEFAULTS.type,
    date,
    startTime: "",
    endTime: "",
    maxParticipants: EVENT_DEFAULTS.maxParticipants,
    memberPrice: 0,
    nonMemberPrice: 0,
    courts: [],
    addSkillLevels: false,
    skillLevels: [],
    isPartnered: false,
    isPrivate: false,
    hideParticipants: false,
    isRecurring: false,
    frequency: EVENT_DEFAULTS.recurrenceFrequency,
    occurrences: EVENT_DEFAULTS.recurrenceCount,
  };
}

export function fromEvent(event: EventDto): EventFormState {
  return {
    ...initialFormState(event.date),
    name: event.name,
    description: event.description ?? "",
    type: event.type,
    startTime: event.startTime,
    endTime: event.endTime,
    maxParticipants: event.maxParticipants,
    memberPrice: centsToDollarsString(event.memberPriceCents),
    nonMemberPrice: centsToDollarsString(event.nonMemberPriceCents),
    courts: event.courts,
    addSkillLevels: event.skillLevels.length > 0,
    skillLevels: event.skillLevels,
    isPartnered: event.isPartnered,
    isPrivate: event.isPrivate,
    hideParticipants: event.hideParticipants,
  };
}

function cents(value: number | string): number {
  try {
    return dollarsToCents(String(value === "" ? 0 : value));
  } catch {
    return Number.NaN;
  }
}

const occurrences = (s: EventFormState) => Number(s.occurrences);

export function toEventInput(s: EventFormState, options: { recurrence: boolean }): EventInput {
  return {
    name: s.name.trim(),
    description: s.description.trim() === "" ? null : s.description,
    type: s.type,
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    courts: [...s.courts].sort((a, b) => a - b),
    maxParticipants: Number(s.maxParticipants),
    memberPriceCents: cents(s.memberPrice),
    nonMemberPriceCents: cents(s.nonMemberPrice),
    isPrivate: s.isPrivate,
    isPartnered: s.isPartnered,
    hideParticipants: s.hideParticipants,
    skillLevels: s.addSkillLevels ? s.skillLevels : [],
    recurrence:
      options.recurrence && s.isRecurring ? { frequency: s.frequency, count: occurrences(s) } : null,
  };
}

/** The first problem before sending, or null. */
export function checkFormState(
  s: EventFormState,
  photo: File | null,
  options: { recurrence: boolean },
): string | null {
  const input = toEventInput(s, options);
  if (Number.isNaN(input.memberPriceCents) || Number.isNaN(input.nonMemberPriceCents)) {
    return EVENT_FORM_MESSAGES.price;
  }
  const problem = checkEventForm(input);
  if (problem) return problem;
  if (photo && photo.size > EVENT_PHOTO_MAX_BYTES) return EVENT_FORM_MESSAGES.fileSize;
  const n = occurrences(s);
  if (input.recurrence && !(Number.isInteger(n) && n >= MIN_RECURRENCE_COUNT && n <= MAX_RECURRENCE_COUNT)) {
    return `Number of occurrences must be ${MIN_RECURRENCE_COUNT}–${MAX_RECURRENCE_COUNT}`;
  }
  return null;
}

/** SPEC §2 "Recurring Dates:" preview; empty until the date and a valid count are set. */
export function recurringPreview(s: EventFormState): string[] {
  const n = occurrences(s);
  if (
    !s.isRecurring ||
    s.date === "" ||
    !Number.isInteger(n) ||
    n < MIN_RECURRENCE_COUNT ||
    n > MAX_RECURRENCE_COUNT
  ) {
    return [];
  }
  return recurrenceDates(s.date, s.frequency, n);
}
