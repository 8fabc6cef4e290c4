import type { AdminReservation } from "../../contracts/admin";
import { formatVenueDateShort } from "../../domain/booking-form";
import { formatCents } from "../../domain/money";
import { venueInstant } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";
import { buildIcs } from "../email/ics";
import { type EmailParts, emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { VenueIdentity } from "../settings/venue-settings";
import { MOVED_MONEY_NOTE, statusMoneyNote } from "./change-email-money";

// Issue 14, item 4: when staff move a booking, change its status or refund it, the customer hears
// what changed, through the outbox in the same transaction as the change (nothing sent for a
// change that rolled back, nothing lost when the mail server is down).

export type ReservationChange =
  | { kind: "moved"; before: AdminReservation }
  | { kind: "status"; before: AdminReservation }
  | { kind: "refunded"; amountCents: number; atDesk?: boolean; items?: number }
  // Issue 32 item 5: part of the payment back, the booking kept.
  | { kind: "partially_refunded"; amountCents: number; paidCents: number; atDesk?: boolean };

const backTo = (atDesk: boolean | undefined) =>
  atDesk ? "at the front desk" : "to your original payment method";

const STATUS_WORDS: Record<AdminReservation["status"], string> = {
  confirmed: "confirmed",
  pending: "pending",
  cancelled: "cancelled",
};

const slotLine = (r: AdminReservation) =>
  `${r.facilityName} · ${formatVenueDateShort(r.date)} · ${r.displayTime} (${r.duration} min)`;

function describe(change: ReservationChange, after: AdminReservation) {
  switch (change.kind) {
    case "moved":
      return {
        subject: "Your booking has been moved",
        lines: [
          "Our staff moved your booking.",
          `Was: ${slotLine(change.before)}`,
          `Now: ${slotLine(after)}`,
          MOVED_MONEY_NOTE,
          "The new time is attached as a calendar file: it replaces the entry you added before.",
        ],
      };
    case "status":
      return {
        subject: `Your booking is now ${STATUS_WORDS[after.status]}`,
        lines: [
          `Our staff changed your booking from ${STATUS_WORDS[change.before.status]} to ${STATUS_WORDS[after.status]}.`,
          `Booking: ${slotLine(after)}`,
          statusMoneyNote(after),
        ],
      };
    case "refunded":
      return {
        subject: "Your booking has been refunded",
        lines: [
          (change.items ?? 1) > 1
            ? `We refunded ${formatCents(change.amountCents)} ${backTo(change.atDesk)} for all ${change.items} times of your booking, and they are cancelled.`
            : `We refunded ${formatCents(change.amountCents)} ${backTo(change.atDesk)}, and your booking is cancelled.`,
          `Booking: ${slotLine(after)}`,
        ],
      };
    case "partially_refunded":
      return {
        subject: `We refunded ${formatCents(change.amountCents)} of your booking`,
        lines: [
          `We refunded ${formatCents(change.amountCents)} of the ${formatCents(change.paidCents)} you paid, ${backTo(change.atDesk)}. Your booking stays as it is.`,
          `Booking: ${slotLine(after)}`,
        ],
      };
  }
}

export function reservationChangeEmail(input: {
  venue: VenueIdentity;
  reservation: AdminReservation;
  change: ReservationChange;
}): EmailParts {
  const { venue, reservation } = input;
  const { subject, lines } = describe(input.change, reservation);
  const greeting = `Hi ${reservation.customerName},`;
  const contact = `Questions? Call us at ${venue.phone}.`;
  const text = `${greeting}

${lines.join("\n")}

${contact}

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p>${escapeHtml(contact)}</p>`,
  );
  return { subject: `${subject} - ${venue.venueName}`, text, html };
}

/**
 * The moved booking as a calendar file with the same UID as the confirmation's (`<id>@booking`),
 * so a calendar app replaces the old entry; SEQUENCE grows with each change (RFC 5545 §3.8.7.4).
 */
export function movedBookingIcs(venue: VenueIdentity, r: AdminReservation, now: Date): string {
  return buildIcs({
    productName: venue.venueName,
    now,
    events: [
      {
        uid: `${r.id}@booking`,
        sequence: Math.floor(now.getTime() / 1000),
        start: venueInstant(r.date, r.startTime),
        end: venueInstant(r.date, r.endTime),
        summary: `${r.facilityName} at ${venue.venueName}`,
        location: venue.address,
        description: `${r.displayTime} (${r.duration} min). Questions? Call ${venue.phone}.`,
      },
    ],
  });
}

/** Queues the email in the caller's transaction when the reservation has a customer email. */
export async function queueReservationChangeEmail(
  deps: AppDeps,
  tx: Tx,
  input: {
    venue: VenueIdentity;
    reservation: AdminReservation;
    change: ReservationChange;
    dedupeKey?: string;
  },
): Promise<void> {
  const to = input.reservation.customerEmail?.trim();
  if (!to) return;
  await deps.outbox.enqueue(tx, {
    to,
    ...reservationChangeEmail(input),
    ...(input.change.kind === "moved"
      ? {
          attachments: [
            {
              filename: "booking.ics",
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
              content: Buffer.from(movedBookingIcs(input.venue, input.reservation, deps.now())).toString(
                "base64",
              ),
            },
          ],
        }
      : {}),
    ...(input.dedupeKey ? { dedupeKey: input.dedupeKey } : {}),
  });
}
