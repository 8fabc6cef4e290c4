import type { FacilityType } from "./durations";
import { dayOfWeek } from "./venue-time";

// SPEC §5 Public booking, Form: the messages in the spec's order. The screen checks them before
// "Continue to Payment"; the server checks them again, since it is the authority (DECISIONS.md).
export const BOOKING_FORM_MESSAGES = {
  terms: "Please accept the terms and conditions",
  name: "Please enter your name",
  email: "Please enter your email",
  emailFormat: "Please enter a valid email address",
  smsConsent: "Please consent to SMS reminders if providing a phone number",
  timeSlot: "Invalid time slot selected",
  emptyCart: "Please add at least one item to your cart",
} as const;

/** The create-hold request field each booking-form message concerns (the error body's `field`). */
export const BOOKING_FORM_FIELDS: Partial<Record<string, string>> = {
  [BOOKING_FORM_MESSAGES.terms]: "termsAccepted",
  [BOOKING_FORM_MESSAGES.name]: "name",
  [BOOKING_FORM_MESSAGES.email]: "email",
  [BOOKING_FORM_MESSAGES.emailFormat]: "email",
  [BOOKING_FORM_MESSAGES.smsConsent]: "smsConsent",
};

export const COUPON_FORM_MESSAGES = {
  code: "Please enter a coupon code",
  emptyCart: "Please add items to your cart before applying a coupon",
} as const;

/** SPEC §2 Booking screen: the consent hint shown while a phone is typed and consent is not given. */
export const SMS_CONSENT_HINT = "SMS consent required when phone number is provided";

export type BookingFormInput = {
  termsAccepted: boolean;
  name: string;
  email: string;
  phone?: string | null;
  smsConsent: boolean;
  items: Array<{ startTime?: string | null; endTime?: string | null }>;
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A form problem and the request field it concerns (named as in src/contracts/booking.ts). */
export type BookingFormProblem = {
  field: "termsAccepted" | "name" | "email" | "smsConsent" | "items";
  message: string;
};

/** The first problem with the booking form, with its field, or null. Names and emails are trimmed first. */
export function bookingFormProblem(input: BookingFormInput): BookingFormProblem | null {
  const problem = (field: BookingFormProblem["field"], message: string) => ({ field, message });
  if (!input.termsAccepted) return problem("termsAccepted", BOOKING_FORM_MESSAGES.terms);
  if (input.name.trim() === "") return problem("name", BOOKING_FORM_MESSAGES.name);
  const email = input.email.trim();
  if (email === "") return problem("email", BOOKING_FORM_MESSAGES.email);
  if (!EMAIL_RE.test(email)) return problem("email", BOOKING_FORM_MESSAGES.emailFormat);
  if ((input.phone ?? "").trim() !== "" && !input.smsConsent) {
    return problem("smsConsent", BOOKING_FORM_MESSAGES.smsConsent);
  }
  if (input.items.some((i) => !i.startTime || !i.endTime))
    return problem("items", BOOKING_FORM_MESSAGES.timeSlot);
  if (input.items.length === 0) return problem("items", BOOKING_FORM_MESSAGES.emptyCart);
  return null;
}

/** The first problem's message, or null. */
export const checkBookingForm = (input: BookingFormInput): string | null =>
  bookingFormProblem(input)?.message ?? null;

/** The first problem with a coupon request (SPEC §5 Public booking, Coupon), or null. */
export function checkCouponForm(code: string, itemCount: number): string | null {
  if (code.trim() === "") return COUPON_FORM_MESSAGES.code;
  if (itemCount === 0) return COUPON_FORM_MESSAGES.emptyCart;
  return null;
}

export const FACILITY_LABELS: Record<FacilityType, string> = {
  court: "Pickleball Court",
  dart_bay: "Dart Bay",
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23" → "Mon, Nov 23": the venue's calendar date as people read it. */
export function formatVenueDateShort(date: string): string {
  const [, m, d] = date.split("-").map(Number);
  return `${WEEKDAYS[dayOfWeek(date)]}, ${MONTHS[(m ?? 1) - 1]} ${d}`;
}

/** The 409 a buyer sees when every free court or bay of a slot went to someone else first. */
export function slotTakenMessage(facilityType: FacilityType, date: string, displayTime: string): string {
  const what = facilityType === "court" ? "Court time" : "Dart bay time";
  return `${what} ${formatVenueDateShort(date)} ${displayTime} is no longer available`;
}
