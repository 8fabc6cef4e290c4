import { eq } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import type { BookingView, RescheduleQuote } from "../../contracts/manage";
import { slotTakenMessage } from "../../domain/booking-form";
import { checkBookingDate } from "../../domain/booking-window";
import { slotPriceCents } from "../../domain/pricing";
import type { RateCard } from "../../domain/rate-card";
import { type RescheduleMoney, rescheduleMoney, rescheduleQuoteText } from "../../domain/reschedule-price";
import { generateSlots } from "../../domain/slots";
import { formatTimeRange, venueInstant } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { lockCourtScheduleShared } from "../kernel/schedule/court-schedule-lock";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import type { PaymentRow } from "../payments/payment-rows";
import { readBookingRules } from "../settings/booking-rules";
import { loadRateCard } from "../settings/rate-card";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import { bookingPayments, refundAcrossPayments, remainingCents } from "./booking-payments";
import { loadBookingView } from "./get-booking-view";
import { loadHoldItems } from "./hold-summary";
import { openManageLink } from "./manage-access";
import { manageLinkPath } from "./manage-links";
import { changeManagedBooking, requireSelfServiceAllowed } from "./managed-booking";
import { moveBookedItem } from "./move-booked-item";
import { openDifferenceCheckout, type StartedMove, startDearerMove } from "./reschedule-difference";

export const RESCHEDULE_MESSAGES = {
  off: (phone: string) => `To cancel or reschedule, please call us at ${phone}.`,
  tooLate: (hours: number, phone: string) =>
    `Online changes close ${hours} hours before the start. To reschedule, please call us at ${phone}.`,
  tooSoon: (hours: number) => `Please choose a time at least ${hours} hours from now`,
  notFound: "Reservation not found",
  refundFailed: (phone: string) => `Refund failed. Please try again or call us at ${phone}.`,
} as const;

type Input = { reservationId: string; date: string; startTime: string };
type Outcome =
  | { kind: "done"; view: BookingView }
  | { kind: "pay"; started: StartedMove; reload: Parameters<typeof loadBookingView>[1] };
type ReservationRow = typeof reservations.$inferSelect;

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
  input: Input,
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
      checkNewTime(row, input, policy.hoursBefore, now, rules);

      const paid = await bookingPayments(tx, hold.id, { lock: true });
      const money = priceTheMove(card, before, row.isMember, input, policy.refundPercent, paid);
      const target = await findTarget(tx, before, input, now, money.kind === "dearer");

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
        if (!started) throw takenError(before, input, target.displayTime);
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
      if (!moved) throw takenError(before, input, target.displayTime);
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

/** What the move costs or gives back: the item's price at the new time (its own member rate). */
function priceTheMove(
  card: RateCard,
  before: HoldItem,
  isMember: boolean,
  input: Input,
  refundPercent: number,
  paid: PaymentRow[],
): RescheduleMoney {
  return rescheduleMoney({
    priceBeforeCents: before.priceCents,
    priceAfterCents: slotPriceCents(
      card,
      before.facilityType,
      input.date,
      input.startTime,
      before.duration,
      isMember,
    ),
    refundPercent,
    refundableCents: paid.reduce((sum, p) => sum + remainingCents(p), 0),
  });
}

/** The date and time asked for: inside the horizon, outside the policy's window. */
function checkNewTime(
  row: ReservationRow,
  input: Input,
  hoursBefore: number,
  now: Date,
  rules: Awaited<ReturnType<typeof readBookingRules>>,
) {
  const dateCheck = checkBookingDate(input.date, now, row.isMember, rules);
  if (!dateCheck.ok) throw new AppError("VALIDATION", dateCheck.message, { field: "date" });
  const newStart = venueInstant(input.date, input.startTime);
  if (newStart.getTime() - now.getTime() < hoursBefore * 3_600_000) {
    throw new AppError("VALIDATION", RESCHEDULE_MESSAGES.tooSoon(hoursBefore), { field: "startTime" });
  }
}

const takenError = (before: HoldItem, input: Input, displayTime: string) =>
  new AppError("CONFLICT", slotTakenMessage(before.facilityType, input.date, displayTime));

/**
 * The new time's slot and the court or bay it goes to: the item's own when free, else the lowest
 * free one. A move made at once may overlap the item's own time (an hour later on the same court);
 * a dearer one holds the new time beside the booked one until paid, so it may not.
 */
async function findTarget(tx: Tx, before: HoldItem, input: Input, now: Date, keepsOldTime: boolean) {
  if (before.facilityType === "court") await lockCourtScheduleShared(tx, [input.date]);
  const ctx = await loadSlotContext(tx, before.facilityType, input.date, now);
  const own = (b: { facilityId: number; startTime: string; endTime: string }) =>
    input.date === before.date &&
    b.facilityId === before.facilityId &&
    b.startTime === before.startTime &&
    b.endTime === before.endTime;
  const slot = generateSlots({
    date: input.date,
    now,
    facilityType: before.facilityType,
    durationMinutes: before.duration,
    card: null, // the price is the item's own (above), not the viewer's
    hours: ctx.hours,
    facilityIds: ctx.facilityIds,
    busy: keepsOldTime ? ctx.busy : ctx.busy.filter((b) => !own(b)),
  }).find((s) => s.startTime === input.startTime);
  if (!slot || slot.freeFacilityIds.length === 0) {
    throw takenError(before, input, slot?.displayTime ?? formatTimeRange(input.startTime, input.startTime));
  }
  const facilityId = slot.freeFacilityIds.includes(before.facilityId)
    ? before.facilityId
    : present(slot.freeFacilityIds[0]);
  return {
    date: input.date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    displayTime: slot.displayTime,
    facilityId,
    facilityName: ctx.facilityNames.get(facilityId) ?? "",
  };
}

/**
 * GET …/reschedule-quote: what moving the item to that time would cost or give back, computed as
 * the move itself computes it, so the dialog shows the money before anything is charged.
 */
export async function quoteReschedule(
  deps: AppDeps,
  token: string,
  ip: string,
  input: Input,
): Promise<RescheduleQuote> {
  const hold = await openManageLink(deps, token, ip);
  const items = await loadHoldItems(deps.db, hold.id);
  const before = items.find((i) => i.reservationId === input.reservationId && i.status === "confirmed");
  if (!before) throw new AppError("NOT_FOUND", RESCHEDULE_MESSAGES.notFound);
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, before.reservationId));
  const [card, policy, paid] = await Promise.all([
    loadRateCard(deps.db),
    loadSelfServicePolicy(deps.db),
    bookingPayments(deps.db, hold.id),
  ]);
  const money = priceTheMove(card, before, present(row).isMember, input, policy.refundPercent, paid);
  const { kind, priceBeforeCents, priceAfterCents, differenceCents, payCents, refundCents } = money;
  return {
    kind,
    priceBeforeCents,
    priceAfterCents,
    differenceCents,
    payCents,
    refundCents,
    message: rescheduleQuoteText(money),
  };
}
