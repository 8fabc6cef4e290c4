import { z } from "zod";
import { SERIES_SCOPES } from "../domain/event-series";
import { EVENT_TYPES, type EventType, MAX_RECURRENCE_COUNT, MIN_RECURRENCE_COUNT } from "../domain/events";
import { dateString, timeString } from "./common";

// Events and registrations (SPEC §2 Events, Admin events list, Create/Edit Event; §3 events and
// event_registrations; §7 Events, Event registrations). Money is integer cents, times "HH:mm".

export const eventTypeSchema = z.enum(EVENT_TYPES.map((t) => t.code) as [EventType, ...EventType[]]);

export { REGISTRATION_TOKEN_HEADER } from "./headers";

export const eventSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: eventTypeSchema,
  date: dateString,
  startTime: z.string(),
  endTime: z.string(),
  courts: z.array(z.number().int()),
  maxParticipants: z.number().int(),
  /** SPEC §4 Event: registrations that are confirmed AND paid. */
  currentParticipants: z.number().int(),
  isFull: z.boolean(),
  /** Issue 15 §1: no place is free for a newcomer (taken, held or on offer, or people wait): join the waitlist. */
  joinWaitlist: z.boolean(),
  memberPriceCents: z.number().int(),
  nonMemberPriceCents: z.number().int(),
  isPrivate: z.boolean(),
  isPartnered: z.boolean(),
  hideParticipants: z.boolean(),
  skillLevels: z.array(z.string()),
  photoUrl: z.string().nullable(),
  /** DECISIONS.md: Upcoming while the end (venue time) is after now; otherwise Completed. */
  status: z.enum(["upcoming", "completed"]),
});
export type EventDto = z.infer<typeof eventSchema>;

/** Staff see the series too (decision 021): shared by the occurrences of one recurring event, else null. */
export const adminEventSchema = eventSchema.extend({
  seriesId: z.string().nullable(),
  /** Issue 31: the courts by the names staff gave them, in the venue's order. */
  courtNames: z.array(z.string()),
});
export type AdminEventDto = z.infer<typeof adminEventSchema>;

// ---- public: GET /api/events, GET /api/events/{id} ----

export const eventListResponse = z.object({
  /** The venue's date today: the calendar strip and date-range chips count from it. */
  today: dateString,
  events: z.array(eventSchema),
});
export type EventListResponse = z.infer<typeof eventListResponse>;

export const participantSchema = z.object({ customerName: z.string(), players: z.array(z.string()) });
export type Participant = z.infer<typeof participantSchema>;

export const eventDetailResponse = z.object({
  event: eventSchema,
  /** Empty when the event hides its participant list. */
  participants: z.array(participantSchema),
  /** What this viewer pays: the member price for signed-in members, else the non-member price. */
  viewerPriceCents: z.number().int(),
  /** Open for registration: upcoming and not full. */
  canRegister: z.boolean(),
  canJoinWaitlist: z.boolean(),
});
export type EventDetailResponse = z.infer<typeof eventDetailResponse>;

export const eventIdParams = z.object({ id: z.uuid("Event not found") });
export const registrationIdParams = z.object({ id: z.uuid("Registration not found") });

// ---- public registration ----

const optionalText = (max: number) => z.string().max(max).nullish();

export const registrationRequest = z.object({
  customerName: z.string().max(200),
  customerEmail: z.string().max(254),
  customerPhone: optionalText(40),
  playerNames: optionalText(2000),
  skillLevel: optionalText(100),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const registrationResponse = z.object({
  registrationId: z.string(),
  eventId: z.string(),
  /** confirmed at once when the price is 0; otherwise pending until the payment webhook. */
  status: z.enum(["confirmed", "pending"]),
  priceCents: z.number().int(),
  /**
   * The unguessable token that lets this browser pay for, cancel (while pending) and read the
   * registration's receipt (issue 34: a free registration through the form gets one too; a
   * waitlist place accepted for free gets none, its waitlist link shows it).
   */
  holdToken: z.string().nullable(),
  /** When the payment hold ends; null when nothing is to pay. */
  holdExpiresAt: z.string().nullable(),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

export const registrationTokenBody = z.object({ holdToken: z.string().min(1).max(200) });

export const registrationCheckoutResponse = z.object({
  url: z.string(),
  provider: z.enum(["stripe", "test"]),
  sessionId: z.string(),
});
export type RegistrationCheckoutResponse = z.infer<typeof registrationCheckoutResponse>;

export const registrationStatusResponse = z.object({
  registrationId: z.string(),
  eventId: z.string(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
  paymentStatus: z.enum(["pending", "paid"]),
  isRefunded: z.boolean(),
});
export type RegistrationStatusResponse = z.infer<typeof registrationStatusResponse>;

/**
 * Issue 34: the receipt after registering, and the page the confirmation email's manage link opens.
 * For the browser that registered (its token), the link's token, or the signed-in registrant.
 */
export const registrationReceipt = z.object({
  registrationId: z.string(),
  /** "EV-3F2A9C1D": what staff ask for on the phone. */
  reference: z.string(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
  isRefunded: z.boolean(),
  /** What the payment took (0 for a free place), and what was given back. */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  players: z.array(z.string()),
  skillLevel: z.string().nullable(),
  event: z.object({
    id: z.string(),
    name: z.string(),
    date: dateString,
    startTime: z.string(),
    endTime: z.string(),
  }),
  venue: z.object({
    venueName: z.string(),
    phone: z.string(),
    address: z.string(),
    mapUrl: z.string(),
  }),
  /** What the registrant reads about changing the registration (the spec's "call us"). */
  changeMessage: z.string(),
  /**
   * Issue 33 item 2: the check-in QR code (the reference itself), an SVG document drawn by the
   * server, while the registration is confirmed; null otherwise (decision 032).
   */
  checkInQrSvg: z.string().nullable(),
});
export type RegistrationReceipt = z.infer<typeof registrationReceipt>;

// ---- admin ----

export const adminEventListResponse = z.object({ today: dateString, events: z.array(adminEventSchema) });
export type AdminEventListResponse = z.infer<typeof adminEventListResponse>;

export const adminRegistrationSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  playerNames: z.array(z.string()),
  skillLevel: z.string().nullable(),
  isMember: z.boolean(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
  paymentStatus: z.enum(["pending", "paid"]),
  paymentId: z.string().nullable(),
  isRefunded: z.boolean(),
  priceCents: z.number().int(),
  createdAt: z.string(),
  /** Issue 33: when the front desk checked this registration in (ISO), or null. */
  checkedInAt: z.string().nullable(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

export const adminEventDetailResponse = z.object({
  event: adminEventSchema,
  registrations: z.array(adminRegistrationSchema),
});
export type AdminEventDetailResponse = z.infer<typeof adminEventDetailResponse>;

export const adminAddRegistrationRequest = registrationRequest.extend({
  isMember: z.boolean().default(false),
});
export type AdminAddRegistrationRequest = z.input<typeof adminAddRegistrationRequest>;

export const refundRegistrationRequest = z.object({ managerPassword: z.string().max(256) });
export const adminRegistrationResponse = z.object({ registration: adminRegistrationSchema });

export const recurrenceSchema = z.object({
  frequency: z.enum(["weekly", "monthly"]),
  count: z.number().int().min(MIN_RECURRENCE_COUNT).max(MAX_RECURRENCE_COUNT),
});

/** The create and edit form (SPEC §5 Event create and edit). Sent as the multipart field "body". */
export const eventInput = z.object({
  name: z.string().max(200),
  description: z.string().max(5000).nullish(),
  type: eventTypeSchema,
  date: z.union([dateString, z.literal("")]),
  startTime: z.union([timeString, z.literal("")]),
  endTime: z.union([timeString, z.literal("")]),
  // Court ids (issue 31: the venue's own courts; the server checks they are active).
  courts: z.array(z.number().int().min(1).max(1_000_000)).max(200),
  maxParticipants: z.number().int().max(10_000),
  memberPriceCents: z.number().int().max(100_000_000),
  nonMemberPriceCents: z.number().int().max(100_000_000),
  isPrivate: z.boolean(),
  isPartnered: z.boolean(),
  hideParticipants: z.boolean(),
  skillLevels: z.array(z.string().max(60)).max(30),
  /** Create only: the first occurrence is `date`. */
  recurrence: recurrenceSchema.nullish(),
});
export type EventInput = z.infer<typeof eventInput>;

export const createEventsResponse = z.object({
  count: z.number().int(),
  events: z.array(z.object({ id: z.string(), date: dateString })),
});
export type CreateEventsResponse = z.infer<typeof createEventsResponse>;

/**
 * Decision 021: which occurrences of a series an edit or delete reaches (a single event: itself).
 * one: this event; following: this and following events; all: all events in the series.
 */
export const seriesScopeQuery = z.object({ scope: z.enum(SERIES_SCOPES).default("one") });

export const updateEventResponse = z.object({
  event: adminEventSchema,
  /** How many occurrences the edit changed. */
  count: z.number().int(),
});
export type UpdateEventResponse = z.infer<typeof updateEventResponse>;

export const deleteEventResponse = z.object({ ok: z.literal(true), count: z.number().int() });
export type DeleteEventResponse = z.infer<typeof deleteEventResponse>;

export const availableCourtsQuery = z.object({
  date: dateString,
  startTime: timeString,
  endTime: timeString,
  excludeEventId: z.uuid().optional(),
});
export const availableCourtsResponse = z.object({ courts: z.array(z.number().int()) });
export type AvailableCourtsResponse = z.infer<typeof availableCourtsResponse>;
