import type { HoldItem } from "../../contracts/booking-holds";
import type { RescheduleRequest } from "../../contracts/manage";
import { slotPriceCents } from "../../domain/pricing";
import type { RateCard } from "../../domain/rate-card";
import { type RescheduleMoney, rescheduleMoney } from "../../domain/reschedule-price";
import type { PaymentRow } from "../payments/payment-rows";
import { remainingCents } from "./booking-payments";

/** What the move costs or gives back: the item's price at the new time (its own member rate). */
export function priceReschedule(
  card: RateCard,
  before: HoldItem,
  isMember: boolean,
  input: RescheduleRequest,
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
