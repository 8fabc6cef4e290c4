import type { CreateHoldRequest } from "../../contracts/booking-holds";
import { BOOKING_FORM_FIELDS, checkBookingForm } from "../../domain/booking-form";
import { paymentsUnavailableMessage } from "../../domain/payment-hold";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { addressGroup } from "../lib/address-group";
import { AppError, fieldError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";
import type { HoldVisitor } from "./hold-limits";

// A hold request's checks, before it queues for its facility days (create-hold.ts).

/** The person a hold's reservations are for, as the booking form gave them. */
export type Customer = {
  name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  wantsSmsReminders: boolean;
};

/** A hold blocks its slots for 15 minutes; without a payment provider it could never be paid. */
export async function requirePayments(deps: AppDeps): Promise<void> {
  if (deps.payments) return;
  const venue = await loadVenueIdentity(deps.db, deps.config);
  throw new AppError("PAYMENTS_UNAVAILABLE", paymentsUnavailableMessage(venue.phone));
}

/** The booking form (SPEC §4 booking_details) checked, its values trimmed, the phone normalized. */
export async function checkCustomer(deps: AppDeps, input: CreateHoldRequest): Promise<Customer> {
  const c = input.customer;
  const problem = checkBookingForm({
    termsAccepted: c.termsAccepted,
    name: c.name,
    email: c.email,
    phone: c.phone,
    smsConsent: c.smsConsent,
    // The end is computed from the start and the duration.
    items: input.items.map((i) => ({ startTime: i.startTime, endTime: i.duration > 0 ? "set" : null })),
  });
  if (problem) throw new AppError("VALIDATION", problem, undefined, { field: BOOKING_FORM_FIELDS[problem] });
  const phone = normalizeUsPhone(c.phone ?? "");
  if (!phone.ok) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  const notes = c.notes?.trim() ?? "";
  return {
    name: c.name.trim(),
    email: c.email.trim(),
    phone: phone.value,
    notes: notes === "" ? null : notes,
    wantsSmsReminders: phone.value !== null && c.smsConsent,
  };
}

/**
 * DECISIONS.md: a visitor is the hold token, the email or the account; the address (an IPv6 one by
 * its /64) only meets the ceiling against floods.
 */
export function holdVisitor(
  viewer: SessionUser | null,
  customer: Customer,
  request: { ip: string; holdToken: string | null },
): HoldVisitor {
  return {
    ip: addressGroup(request.ip),
    holdToken: request.holdToken,
    email: customer.email.toLowerCase(),
    userId: viewer && !viewer.isAdmin ? viewer.id : null,
  };
}
