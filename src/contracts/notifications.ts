import { z } from "zod";
import { facilityTypeSchema } from "./booking";
import { clockTime, dateString } from "./common";

// Court alerts and booking reminders (ISSUE 15 items 2 and 3; docs/decisions/023).

// ---- POST /api/court-alerts ----

export const createCourtAlertRequest = z.object({
  facilityType: facilityTypeSchema,
  date: dateString,
  startTime: clockTime("Invalid time slot selected", { seconds: false }),
  duration: z.number().int().min(1).max(600),
  /** A guest's address; a signed-in player's account email is used instead. */
  email: z.string().trim().max(254).optional(),
  phone: z.string().max(40).nullish(),
  smsConsent: z.boolean().default(false),
});
export type CreateCourtAlertRequest = z.input<typeof createCourtAlertRequest>;

export const courtAlertResponse = z.object({
  alert: z.object({
    id: z.string(),
    facilityType: facilityTypeSchema,
    date: dateString,
    startTime: z.string(),
    duration: z.number().int(),
    email: z.string(),
    /** True when a text will go too: consent given and the phone proven by this person. */
    sms: z.boolean(),
  }),
  /**
   * Texts asked for on a phone not yet proven (issue 30 item 2): "sent" a code was texted, "wait" one
   * was texted a short while ago, "opted_out" the phone answered STOP; null when nothing is needed.
   */
  phoneCode: z.enum(["sent", "wait", "opted_out"]).nullable(),
  /** The person's active alerts now, and the most they may have. */
  activeCount: z.number().int(),
  limit: z.number().int(),
});
export type CourtAlertResponse = z.infer<typeof courtAlertResponse>;

// ---- POST /api/phone-codes, POST /api/phone-codes/confirm ----

/** A guest names their email; a signed-in player's account email is used instead. */
export const phoneCodeRequest = z.object({
  phone: z.string().max(40),
  email: z.string().trim().max(254).optional(),
});
export const phoneCodeConfirmRequest = phoneCodeRequest.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the text"),
});
export const phoneCodeResponse = z.object({
  phoneCode: z.enum(["sent", "wait", "opted_out"]),
});
export const phoneCodeConfirmResponse = z.object({ verified: z.literal(true) });
export type PhoneCodeConfirmRequest = z.infer<typeof phoneCodeConfirmRequest>;
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequest>;
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponse>;

// ---- GET / PUT /api/me/reminders ----

export const reminderPreferenceSchema = z.object({ enabled: z.boolean() });
export type ReminderPreference = z.infer<typeof reminderPreferenceSchema>;

// ---- GET / PUT /api/admin/reminder-settings ----

const leadHours = z
  .number({ error: "Enter the hours as a whole number from 1 to 72" })
  .int("Enter the hours as a whole number from 1 to 72")
  .min(1, "Enter the hours as a whole number from 1 to 72")
  .max(72, "Enter the hours as a whole number from 1 to 72");

export const reminderSettingsSchema = z.object({
  /** Hours before the start of the first reminder (default 24). */
  leadHours: leadHours,
  /** An optional second reminder, e.g. 2 hours before; null for none. */
  secondLeadHours: leadHours.nullable(),
  /** Whether text messages really go out (Twilio configured) or stay in the development outbox. */
  smsProvider: z.enum(["twilio", "none"]).optional(),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsSchema>;
