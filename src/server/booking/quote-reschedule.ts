import { eq } from "drizzle-orm";
import type { RescheduleQuote, RescheduleRequest } from "../../contracts/manage";
import { rescheduleQuoteText } from "../../domain/reschedule-price";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { loadRateCard } from "../settings/rate-card";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import { bookingPayments } from "./booking-payments";
import { loadHoldItems } from "./hold-summary";
import { openManageLink } from "./manage-access";
import { priceReschedule } from "./price-reschedule";
import { RESCHEDULE_MESSAGES } from "./reschedule-messages";

/**
 * GET …/reschedule-quote: what moving the item to that time would cost or give back, computed as
 * the move itself computes it, so the dialog shows the money before anything is charged.
 */
export async function quoteReschedule(
  deps: AppDeps,
  token: string,
  ip: string,
  input: RescheduleRequest,
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
  const money = priceReschedule(card, before, present(row).isMember, input, policy.refundPercent, paid);
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
