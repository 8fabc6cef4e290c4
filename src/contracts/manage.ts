import { z } from "zod";
import { holdItemSchema } from "./booking";

// A confirmed booking as /success and the manage page show it (issue 14 items 2 and 3; decision 019).

export const selfServiceStatus = z.object({
  /** True when the venue's policy lets this booking be cancelled online now. */
  canCancel: z.boolean(),
  /** What the customer reads about changing the booking (the spec's "call us" when off or too late). */
  message: z.string(),
  /** The share of the payment a cancellation now gives back, when it is allowed. */
  refundPercent: z.number().int().nullable(),
  /** What a cancellation now would refund, in cents, when it is allowed. */
  refundCents: z.number().int().nullable(),
});

export const bookingView = z.object({
  /** "BK-3F2A9C1D": what staff ask for on the phone. */
  reference: z.string(),
  /** confirmed once the payment is; pending while the provider's webhook is on its way. */
  status: z.enum(["pending", "confirmed", "cancelled"]),
  customerName: z.string(),
  items: z.array(holdItemSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  couponCode: z.string().nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  venue: z.object({
    venueName: z.string(),
    phone: z.string(),
    address: z.string(),
    /** A map search for the venue's address (directions). */
    mapUrl: z.string(),
  }),
  selfService: selfServiceStatus,
});
export type BookingView = z.infer<typeof bookingView>;

export const manageTokenParams = z.object({ token: z.string().min(20).max(100) });

export const manageLinkRequest = z.object({ holdToken: z.string().min(1).max(200).optional() });
export type ManageLinkRequest = z.infer<typeof manageLinkRequest>;
export const manageLinkResponse = z.object({
  /** The manage page's path, with a new token that is shown only here. */
  path: z.string(),
  expiresAt: z.string(),
});
export type ManageLinkResponse = z.infer<typeof manageLinkResponse>;

export const rescheduleRequest = z.object({
  reservationId: z.uuid("Reservation not found"),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a date"),
  startTime: z.string().regex(/^\d{2}:\d{2}$/, "Please select a time slot"),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

export const selfCancelResponse = z.object({
  booking: bookingView,
  refundedCents: z.number().int(),
});
export type SelfCancelResponse = z.infer<typeof selfCancelResponse>;

// ---- staff: the venue's policy ----

export const selfServicePolicySchema = z.object({
  enabled: z.boolean(),
  hoursBefore: z
    .number({ error: "Hours before the start must be a whole number from 0 to 720" })
    .int("Hours before the start must be a whole number from 0 to 720")
    .min(0, "Hours before the start must be a whole number from 0 to 720")
    .max(720, "Hours before the start must be a whole number from 0 to 720"),
  refundPercent: z
    .number({ error: "Refund percentage must be a whole number from 0 to 100" })
    .int("Refund percentage must be a whole number from 0 to 100")
    .min(0, "Refund percentage must be a whole number from 0 to 100")
    .max(100, "Refund percentage must be a whole number from 0 to 100"),
});
export type SelfServicePolicyDto = z.infer<typeof selfServicePolicySchema>;
