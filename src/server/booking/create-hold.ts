import type { CreateHoldRequest, CreateHoldResponse } from "../../contracts/booking-holds";
import type { SessionUser } from "../auth/session-user";
import { isExclusionViolation, isRetryableTransactionError } from "../db/pg-errors";
import type { AppDeps } from "../deps";
import { expireHolds, logExpiredHolds } from "../kernel/schedule/expire-holds";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import { resolveBookingParty } from "./booking-party";
import { joinFacilityDayQueue } from "./facility-day-queue";
import { refusalFrom, refuseFullSlots } from "./full-slots";
import { checkSlotsPerHold, loadHoldLimits } from "./hold-limits";
import { checkCustomer, holdVisitor, requirePayments } from "./hold-request";
import { openHoldCheckout } from "./open-hold-checkout";
import { type HoldPlan, placeHold } from "./place-hold";
import { priceCartItems } from "./price-cart";
import {
  queuedScheduleRead,
  sharedLimitsRead,
  sharedScheduleRead,
  transactionReads,
} from "./shared-schedule-reads";
import { loadVenueTerms } from "./venue-terms";

const MAX_ATTEMPTS = 3;

/**
 * "Continue to Payment" (SPEC §4 Public paid booking flow; DECISIONS.md Payment hold): pending
 * reservations for the cart, held for 15 minutes. In steps:
 * 1. the request's checks (hold-request.ts): a payment provider, who is booking, the form, prices;
 * 2. refused at once when a shared read of the day shows a slot full (shared-schedule-reads.ts;
 *    in a rush most requests end here, without a round trip of their own);
 * 3. its turn in the facility days' queue (facility-day-queue.ts), refused meanwhile from any new
 *    read that shows its slot full;
 * 4. in one transaction (place-hold.ts): the limits against hoarding, the coupon, the hold and one
 *    reservation per item, a cart's slots kept on one court or bay where one is free for them all.
 *    The exclusion constraint has the last word: a buyer who loses the race for a court tries the
 *    next free one, and only when none is left does the request fail with 409, keeping nothing;
 * 5. with `checkout: true`, after the commit, the hold's checkout session (open-hold-checkout.ts).
 */
export async function createHold(
  deps: AppDeps,
  viewer: SessionUser | null,
  input: CreateHoldRequest,
  request: { ip: string; holdToken: string | null },
): Promise<CreateHoldResponse> {
  await requirePayments(deps);
  const now = deps.now();
  const party = await resolveBookingParty(deps.db, viewer, input);
  const customer = await checkCustomer(deps, input);
  const terms = await loadVenueTerms(deps.db);
  const items = priceCartItems(input.items, now, party, terms);
  await refuseFullSlots(items, now, (item) =>
    sharedScheduleRead(deps.db, item, now, () => loadSlotContext(deps.db, item.facilityType, item.date, now)),
  );

  // Joined before the request's first query of its own: reading the limits first let each request
  // wait behind the transaction ahead on the embedded database's one connection, so no queue ever
  // formed and every buyer in a rush ran a whole transaction to be refused (issue 16).
  const turn = await joinFacilityDayQueue(deps.db, items, (facilityType, date, read) =>
    refusalFrom(items, facilityType, date, read, now),
  );
  let placed: Awaited<ReturnType<typeof placeHold>>;
  try {
    // Refused from what the transaction ahead in the queue read (and placed), if it is still fresh.
    await refuseFullSlots(items, now, (item) => queuedScheduleRead(deps.db, item, now));
    // DECISIONS.md: signed-in staff are exempt (they book at the desk for many people).
    const limits = viewer?.isAdmin
      ? null
      : await sharedLimitsRead(deps.db, () => loadHoldLimits(deps.db, deps.config));
    if (limits) checkSlotsPerHold(limits, input.items.length);
    placed = await placeWithRetries(deps, {
      now,
      party,
      customer,
      items,
      couponCode: input.couponCode?.trim() || null,
      holdMinutes: terms.rules.holdMinutes,
      limits,
      visitor: holdVisitor(viewer, customer, request),
      notice: deps.schedule.noticeAtCommit("places-taken"),
    });
  } finally {
    turn.release();
  }

  // A new hold freed nothing (the holds it ended had ended already, and read as free). Every
  // instance heard "places taken" at the commit (place-hold.ts); this one forgets at once.
  deps.schedule.clearHere("places-taken");
  deps.logger.info(
    { event: "hold.created", holdId: placed.response.holdId, items: items.length },
    "hold created",
  );
  if (placed.endedHolds.length > 0) {
    logExpiredHolds(deps.logger, placed.endedHolds, "new-hold");
    runSweeperSoon(deps);
  }
  if (!input.checkout) return placed.response;
  return { ...placed.response, checkout: await checkoutOf(deps, placed.response, customer.email) };
}

/** 5. With `checkout: true`, the session too; whatever fails there, the hold is answered and kept. */
async function checkoutOf(deps: AppDeps, hold: CreateHoldResponse, email: string) {
  try {
    return await openHoldCheckout(deps, hold, email);
  } catch (err) {
    deps.logger.warn({ err, holdId: hold.holdId }, "the hold's checkout session was left to Pay");
    return null;
  }
}

/**
 * The hold's transaction, run again when PostgreSQL resolves a deadlock between two carts by
 * aborting one, or when a closure saved while the hold was placing refused its reservation (the
 * closures' trigger raises an exclusion violation: `on conflict do nothing` only absorbs the
 * constraint's own). The next attempt reads the day again, closure included, so it places the item
 * on a court the closure left open or refuses it as taken (409), never a 500. Each attempt leaves
 * what it read for the requests queued behind it: with what it placed when it commits, as read when
 * its slot was taken.
 */
async function placeWithRetries(deps: AppDeps, plan: Omit<HoldPlan, "reads">) {
  for (let attempt = 1; ; attempt++) {
    const reads = transactionReads(deps.db, plan.now);
    try {
      const placed = await deps.db.transaction((tx) => placeHold(tx, { ...plan, reads }));
      reads.leave("committed");
      return placed;
    } catch (err) {
      if (err instanceof AppError && err.code === "SLOT_TAKEN") reads.leave("refused");
      if (attempt < MAX_ATTEMPTS && (isRetryableTransactionError(err) || isExclusionViolation(err))) continue;
      throw err;
    }
  }
}

/** Ending holds is done; stopping their checkout sessions talks to the provider, off the request. */
function runSweeperSoon(deps: AppDeps) {
  setTimeout(() => {
    expireHolds(deps).catch((err) => deps.logger.warn({ err }, "hold sweeper failed"));
  }, 0).unref?.();
}
