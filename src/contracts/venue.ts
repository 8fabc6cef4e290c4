import { z } from "zod";
import { brandColorProblem } from "../domain/venue-identity";
import { isDateString } from "../domain/venue-time";

// Issue 31 item 4: the venue's identity as staff edit it in Settings › Venue.

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** An optional https link; empty means "the policy host's page". */
const optionalLink = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine(
      (v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
      `${label} must be a web address (https://…)`,
    );

export const venueIdentityBody = z.object({
  venueName: text("The venue's name", 80),
  clubName: text("The club's name", 80),
  phone: text("The phone number", 40).refine(
    (v) => v.replace(/\D/g, "").length >= 7,
    "Enter the venue's phone number with its area code",
  ),
  email: z.email("Enter a valid email address").max(200),
  address: text("The address", 200),
  policyHost: text("The policy pages' host", 200).refine(
    (v) => /^[a-z0-9.-]+(:\d+)?$/i.test(v),
    "The policy pages' host is a host name such as example.com, without https://",
  ),
  privacyUrl: optionalLink("The privacy policy link"),
  termsUrl: optionalLink("The terms link"),
  refundUrl: optionalLink("The refund policy link"),
  brandColor: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .superRefine((v, ctx) => {
      const problem = brandColorProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type VenueIdentityBody = z.infer<typeof venueIdentityBody>;

export const venueIdentityResponse = z.object({
  venueName: z.string(),
  clubName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  policyHost: z.string(),
  /** As staff set them ("" = the policy host's page). */
  privacyUrl: z.string(),
  termsUrl: z.string(),
  refundUrl: z.string(),
  brandColor: z.string(),
  logoUrl: z.string(),
  waiverUrl: z.string(),
});
export type VenueIdentityDto = z.infer<typeof venueIdentityResponse>;

// ---- courts and dart bays (issue 31 item 1) ----

export const facilityTypeSchema = z.enum(["court", "dart_bay"]);

const facilityName = z.string().trim().min(1, "Enter a name").max(40, "A name must be at most 40 characters");

export const venueFacility = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  /** Live bookings and events on it that have not ended yet (a deactivation first deals with them). */
  upcoming: z.number().int(),
});
export type VenueFacility = z.infer<typeof venueFacility>;

export const facilitiesResponse = z.object({
  courts: z.array(venueFacility),
  dartBays: z.array(venueFacility),
});
export type FacilitiesResponse = z.infer<typeof facilitiesResponse>;

export const addFacilityBody = z.object({ facilityType: facilityTypeSchema, name: facilityName });
export type AddFacilityBody = z.infer<typeof addFacilityBody>;

export const facilityParams = z.object({
  facilityType: facilityTypeSchema,
  id: z.coerce.number().int().min(1).max(1_000_000),
});

export const updateFacilityBody = z
  .object({ name: facilityName.optional(), isActive: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.isActive !== undefined, "Nothing to change");
export type UpdateFacilityBody = z.infer<typeof updateFacilityBody>;

export const facilityTypeParams = z.object({ facilityType: facilityTypeSchema });

export const reorderFacilitiesBody = z.object({
  ids: z.array(z.number().int()).min(1).max(200),
});
export type ReorderFacilitiesBody = z.infer<typeof reorderFacilitiesBody>;

// ---- opening hours (issue 31 item 2) ----

const wallClock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Enter times as HH:mm");

export const dayOpeningHours = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  closed: z.boolean(),
  opensAt: wallClock,
  closesAt: wallClock,
});
export const openingHoursBody = z.object({ days: z.array(dayOpeningHours).length(7) });
export type OpeningHoursBody = z.infer<typeof openingHoursBody>;
export const openingHoursResponse = openingHoursBody;

// ---- special days and closures (issue 31 item 3) ----

const reason = z
  .string()
  .trim()
  .min(1, "Give a reason players will see")
  .max(120, "Keep the reason under 120 characters");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")
  .refine(isDateString, "Invalid date");

export const closureDraft = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("closure"),
    facilityType: facilityTypeSchema,
    facilityIds: z.array(z.number().int().min(1)).min(1, "Choose at least one court or bay").max(200),
    startsOn: day,
    endsOn: day,
    startTime: wallClock,
    endTime: wallClock,
    weekly: z.boolean(),
    reason,
  }),
  z.object({
    kind: z.literal("special_day"),
    startsOn: day,
    endsOn: day,
    closed: z.boolean(),
    opensAt: wallClock,
    closesAt: wallClock,
    reason,
  }),
]);
export type ClosureDraft = z.infer<typeof closureDraft>;

export const closureAction = z.enum(["keep", "move", "cancel"]);
export type ClosureAction = z.infer<typeof closureAction>;

export const closureImpactBody = z.object({ draft: closureDraft });

export const impactBooking = z.object({
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  date: z.string(),
  displayTime: z.string(),
  facilityName: z.string(),
  /** paid online, paid at the desk, unpaid (staff collect at the desk), or a payment hold still open. */
  state: z.enum(["paid", "desk", "unpaid", "hold"]),
  priceCents: z.number().int(),
});
export const closureImpactResponse = z.object({
  bookings: z.array(impactBooking),
  events: z.array(z.object({ id: z.string(), name: z.string(), date: z.string(), displayTime: z.string() })),
});
export type ClosureImpact = z.infer<typeof closureImpactResponse>;

export const saveClosureBody = z.object({
  /** Chosen by the screen once per closure: sending it again changes nothing (idempotent). */
  id: z.uuid(),
  action: closureAction,
  draft: closureDraft,
});
export type SaveClosureBody = z.infer<typeof saveClosureBody>;

export const saveClosureResponse = z.object({
  id: z.string(),
  kept: z.number().int(),
  moved: z.number().int(),
  cancelled: z.number().int(),
  refundedCents: z.number().int(),
});
export type SaveClosureResult = z.infer<typeof saveClosureResponse>;

export const scheduleExceptionsResponse = z.object({
  specialDays: z.array(
    z.object({
      id: z.string(),
      startsOn: z.string(),
      endsOn: z.string(),
      hours: z.string(),
      reason: z.string(),
    }),
  ),
  closures: z.array(
    z.object({
      id: z.string(),
      facilityType: facilityTypeSchema,
      facilities: z.string(),
      when: z.string(),
      reason: z.string(),
    }),
  ),
});
export type ScheduleExceptions = z.infer<typeof scheduleExceptionsResponse>;

export const exceptionParams = z.object({ kind: z.enum(["closure", "special_day"]), id: z.uuid() });
