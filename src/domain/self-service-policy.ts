import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { VENUE_TIME_ZONE } from "./venue-time";

// Self-service cancellation (DECISIONS.md "Beyond the spec"; decision 019). Off by default, which
// keeps the spec's "please call us at {phone}"; a venue that turns it on sets how many hours
// before the start a booking can still be cancelled online and how much of the payment comes back.

export type SelfServicePolicy = { enabled: boolean; hoursBefore: number; refundPercent: number };

export const DEFAULT_SELF_SERVICE_POLICY: SelfServicePolicy = {
  enabled: false,
  hoursBefore: 24,
  refundPercent: 100,
};

export type SelfCancelDecision =
  | { allowed: true; deadline: Date }
  | { allowed: false; reason: "off" | "too_late" | "not_confirmed"; deadline: Date | null };

/** Whether the customer may cancel now: the policy is on and now is before (first start − hours). */
export function selfCancelDecision(
  policy: SelfServicePolicy,
  firstStart: Date | null,
  now: Date,
): SelfCancelDecision {
  if (!policy.enabled) return { allowed: false, reason: "off", deadline: null };
  if (!firstStart) return { allowed: false, reason: "not_confirmed", deadline: null };
  const deadline = new Date(firstStart.getTime() - policy.hoursBefore * 3_600_000);
  return now < deadline ? { allowed: true, deadline } : { allowed: false, reason: "too_late", deadline };
}

/** The refund for a cancellation: the percentage of what is still paid, rounded down to the cent. */
export function selfCancelRefundCents(paidCents: number, refundPercent: number): number {
  return Math.max(0, Math.floor((paidCents * refundPercent) / 100));
}

const atVenue = (d: Date) => format(d, "MMM d, yyyy h:mm a", { in: tz(VENUE_TIME_ZONE) });

/** The sentence the confirmation, the manage page and the email show about changing a booking. */
export function selfServiceText(decision: SelfCancelDecision, refundPercent: number, phone: string): string {
  const callUs = `To cancel or reschedule, please call us at ${phone}.`;
  if (decision.allowed) {
    const refund =
      refundPercent === 100
        ? "you get a full refund"
        : refundPercent === 0
          ? "the payment is not refunded"
          : `you get ${refundPercent}% of your payment back`;
    return `You can cancel or reschedule online until ${atVenue(decision.deadline)}; if you cancel, ${refund}.`;
  }
  if (decision.reason === "too_late" && decision.deadline) {
    return `Online cancellation closed at ${atVenue(decision.deadline)}. ${callUs}`;
  }
  return callUs;
}

/** SPEC-style short code staff can read over the phone: the first 8 hex digits of the booking's id. */
export function bookingReference(holdId: string): string {
  return `BK-${holdId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}
