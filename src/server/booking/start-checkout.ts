import { and, desc, eq } from "drizzle-orm";
import type { CheckoutResponse } from "../../contracts/booking-holds";
import { couponCodes, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { insertCheckoutPayment, openCheckoutSession } from "../payments/open-checkout-session";
import { paymentsOf } from "../payments/payment-rows";
import { cachedSelfServicePolicy } from "../settings/self-service-policy";
import { loadVenueIdentity } from "../settings/venue-settings";
import { COURT_BOOKING, courtBookingCheckout } from "./checkout-purpose";
import { confirmHold } from "./confirm-hold";
import { loadHoldItems } from "./hold-summary";
import { loadOwnedHold } from "./load-owned-hold";

export const HOLD_EXPIRED_MESSAGE = "Reservation time expired";

/**
 * "Pay $amount" (SPEC §7 create-checkout-session): a checkout session for exactly the held items
 * and the hold's discount, both computed here. The provider is called outside any transaction; a
 * payments row (state created) is written before, so the webhook can always find its way back.
 * A repeated click while a session for the same amount is open returns that session.
 *
 * Decision: a hold whose total is 0 (a 100% coupon) has nothing to pay, so it is confirmed here,
 * through the same fulfilment as a paid webhook, and the browser goes straight to /success.
 */
export async function startCheckout(deps: AppDeps, holdId: string, token: string): Promise<CheckoutResponse> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const policy = await cachedSelfServicePolicy(deps.db);
  const prepared = await deps.db.transaction(async (tx) => {
    const hold = await loadOwnedHold(tx, holdId, token, { lock: true });
    if (hold.status === "paid") throw new AppError("CONFLICT", "This reservation is already paid");
    if (hold.status !== "active" || hold.expiresAt <= now) {
      throw new AppError("HOLD_EXPIRED", HOLD_EXPIRED_MESSAGE);
    }
    const items = (await loadHoldItems(tx, hold.id)).filter((i) => i.status === "pending");
    if (items.length === 0) throw new AppError("VALIDATION", "No reservations to process");

    if (hold.totalCents === 0) {
      const confirmed = await confirmHold(tx, deps, {
        hold,
        paymentId: null,
        late: false,
        venue,
        policy,
        now,
      });
      if (!confirmed) throw new AppError("CONFLICT", "No reservations to process");
      return { kind: "free" as const };
    }
    if (!deps.payments) {
      throw new AppError(
        "PAYMENT_PROVIDER",
        "Online payment is not available. Please call the venue to book.",
      );
    }
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(paymentsOf(COURT_BOOKING, hold.id), eq(payments.state, "created")))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.checkoutUrl && open.providerSessionId && open.amountCents === hold.totalCents) {
      return { kind: "open" as const, url: open.checkoutUrl, sessionId: open.providerSessionId };
    }
    const [customer] = await tx
      .select({ email: reservations.customerEmail })
      .from(reservations)
      .where(eq(reservations.holdId, hold.id))
      .limit(1);
    const coupon = hold.couponId
      ? await tx.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
      : undefined;
    const checkout = courtBookingCheckout({
      hold,
      items,
      couponCode: coupon?.code ?? null,
      customerEmail: customer?.email ?? null,
      venue,
    });
    const payment = await insertCheckoutPayment(tx, deps.payments, {
      purpose: COURT_BOOKING,
      reference: hold.id,
      amountCents: hold.totalCents,
      checkout,
      now,
    });
    return { kind: "new" as const, hold, payment };
  });

  if (prepared.kind === "free") {
    return { url: `/success?hold_id=${holdId}`, provider: "none", sessionId: null, status: "confirmed" };
  }
  const provider = present(deps.payments);
  if (prepared.kind === "open") {
    return { url: prepared.url, provider: provider.name, sessionId: prepared.sessionId, status: "redirect" };
  }

  const session = await openCheckoutSession(deps, prepared.payment, { expiresAt: prepared.hold.expiresAt });
  return { url: session.url, provider: provider.name, sessionId: session.sessionId, status: "redirect" };
}
