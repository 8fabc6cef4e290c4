import { z } from "zod";
import { WAITLIST_STATUSES } from "../domain/waitlist";
import { registrationResponse } from "./events";

// Event waitlists (issue 15 §1, docs/decisions/022).

/** The header that carries a waitlist token (the manage token from joining or the offer's token). */
export const WAITLIST_TOKEN_HEADER = "x-waitlist-token";

export const waitlistEntryParams = z.object({ id: z.uuid("Waitlist entry not found") });
export const adminWaitlistEntryParams = z.object({
  id: z.uuid("Event not found"),
  entryId: z.uuid("Waitlist entry not found"),
});

export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);

export const joinWaitlistResponse = z.object({
  entryId: z.string(),
  eventId: z.string(),
  position: z.number().int(),
  /** Returned once: lets this browser see the entry and leave the list (also emailed as a link). */
  token: z.string(),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponse>;

export const waitlistTokenBody = z.object({ token: z.string().min(1).max(200) });

export const waitlistEntryResponse = z.object({
  entryId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  customerName: z.string(),
  status: waitlistStatusSchema,
  /** Place in line while waiting (1 = next), otherwise null. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** This person's price should they accept. */
  priceCents: z.number().int(),
  /** The token is the offer's and the offer is open: accept or decline. */
  canAccept: z.boolean(),
  registrationId: z.string().nullable(),
});
export type WaitlistEntryResponse = z.infer<typeof waitlistEntryResponse>;

/** Accepting: a free event registers at once; a paid one is a pending registration holding the place. */
export const acceptOfferResponse = registrationResponse;
export type AcceptOfferResponse = z.infer<typeof acceptOfferResponse>;

export const adminWaitlistEntrySchema = z.object({
  id: z.string(),
  position: z.number().int().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  isMember: z.boolean(),
  status: waitlistStatusSchema,
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  offeredByStaff: z.boolean(),
  createdAt: z.string(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

export const adminWaitlistResponse = z.object({
  offerMinutes: z.number().int(),
  entries: z.array(adminWaitlistEntrySchema),
});
export type AdminWaitlistResponse = z.infer<typeof adminWaitlistResponse>;

export const waitlistSettingsRequest = z.object({ offerMinutes: z.number().int() });
export type WaitlistSettingsRequest = z.infer<typeof waitlistSettingsRequest>;
export const waitlistSettingsResponse = waitlistSettingsRequest;
