import { eq } from "drizzle-orm";
import type { BookingView, RescheduleRequest } from "../../contracts/manage";
import { venueInstant } from "../../domain/venue-time";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { readBookingRules } from "../settings/booking-rules";
import { loadRateCard } from "../settings/rate-card";
import { bookingPayments, refundAcrossPayments } from "./booking-payments";
import { checkRescheduleTime } from "./check-reschedule-time";
import { findRescheduleTarget, rescheduleTakenError } from "./find-reschedule-target";
import { loadBookingView } from "./get-booking-view";
import { manageLinkPath } from "./manage-links";
import { changeManagedBooking, requireSelfServiceAllowed } from "./managed-booking";
import { moveBookedItem } from "./move-booked-item";
import { priceReschedule } from "./price-reschedule";
import { openDifferenceCheckout, type StartedMove, startDearerMove } from "./reschedule-difference";
import { RESCHEDULE_MESSAGES } from "./reschedule-messages";

type Outcome =
  | { kind: "done"; view: BookingView }
  | { kind: "pay"; started: StartedMove; reload: Parameters<typeof loadBookingView>[1] };

/**
 * The customer moves one item of their booking through its manage link (issue 14 item 3): to
 * another free time of the same facility type and duration, allowed while the venue's policy lets
 * the item be cancelled online, to a time that is itself outside the policy's window and inside the
 * booking horizon. Priced at the new time (issue 30 item 1, domain/reschedule-price.ts): the same
 * price moves at once; a cheaper time moves at once and gives back the policy's share of the
 * difference through the payment spine; a dearer time holds the new time and answers with the
 * checkout for the difference (`pendingMove`), the booking unchanged until it is paid
 * (reschedule-difference.ts, reschedule-purpose.ts). The court or bay stays the same when it is
 * free, otherwise the lowest-numbered free one; court moves take the schedule lock that event
 * creation takes (as holds do).
 */
export async function rescheduleBookingItem(
  deps: AppDeps,
  token: string,
  ip: string,
  actorUserId: string | null,
  input: RescheduleRequest,
): Promise<BookingView> {
  const card = await loadRateCard(deps.db);
  const manageUrl = `${deps.config.publicUrl}${manageLinkPath(token)}`;
  const outcome = await changeManagedBooking<Outcome>(
    deps,
    token,
    ip,
    async ({ tx, now, hold, venue, policy, items }) => {
      const before = items.find((i) => i.reservationId === input.reservationId && i.status === "confirmed");
      if (!before) throw new AppError("NOT_FOUND", RESCHEDULE_MESSAGES.notFound);
      const view = () => loadBookingView(tx, { hold, venue, policy, now });
      // Issue 30 item 7: the same move asked again (a second click, a retried request) finds the item
      // already there under the hold's lock and answers as the first did: no second audit row or email.
      if (before.date === input.date && before.startTime === input.startTime)
        return { kind: "done", view: await view() };
      requireSelfServiceAllowed(
        { policy, venue, now },
        venueInstant(before.date, before.startTime),
        RESCHEDULE_MESSAGES,
      );
      const row = present(
        (await tx.select().from(reservations).where(eq(reservations.id, before.reservationId)))[0],
      );
      const rules = await readBookingRules(tx);
      checkRescheduleTime(row, input, policy.hoursBefore, now, rules);

      const paid = await bookingPayments(tx, hold.id, { lock: true });
      const money = priceReschedule(card, before, row.isMember, input, policy.refundPercent, paid);
      const target = await findRescheduleTarget(tx, before, input, now, money.kind === "dearer");

      if (money.kind === "dearer") {
        if (!deps.payments) throw new AppError("PAYMENT_PROVIDER", RESCHEDULE_MESSAGES.off(venue.phone));
        const started = await startDearerMove(tx, {
          row,
          before,
          target,
          money,
          provider: deps.payments,
          holdMinutes: rules.holdMinutes,
          venue,
          now,
        });
        if (!started) throw rescheduleTakenError(before, input, target.displayTime);
        return { kind: "pay", started, reload: { hold, venue, policy, now } };
      }
      const customer = { name: row.customerName, email: row.customerEmail };
      const moved = await moveBookedItem(tx, deps, {
        hold,
        before,
        target,
        money,
        customer,
        actorUserId,
        venue,
        now,
        manageUrl,
      });
      if (!moved) throw rescheduleTakenError(before, input, target.displayTime);
      // Last, so a refusal by the provider rolls the move back; a retry is the same refund (the key
      // names the item's state before this move, unchanged by a rollback).
      await refundAcrossPayments(tx, deps, {
        payments: paid,
        amountCents: money.refundCents,
        keyPrefix: `reschedule-${row.id}-${row.updatedAt.getTime()}`,
        failure: RESCHEDULE_MESSAGES.refundFailed(venue.phone),
        now,
      });
      return { kind: "done", view: await view() };
    },
  );
  if (outcome.kind === "done") return outcome.view;
  await openDifferenceCheckout(deps, outcome.started);
  return loadBookingView(deps.db, outcome.reload);
}
