import { and, desc, eq } from "drizzle-orm";
import type { CheckoutResponse } from "../../contracts/booking";
import { formatVenueDateShort } from "../../domain/booking-form";
import { couponCodes, payments, reservations } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { openCheckoutSession } from "../payments/open-checkout-session";
import { loadVenueIdentity } from "../settings/venue-settings";
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
  const prepared = await deps.db.transaction(async (tx) => {
    const hold = await loadOwnedHold(tx, holdId, token, { lock: true });
    if (hold.status === "paid") throw new AppError("CONFLICT", "This reservation is already paid");
    if (hold.status !== "active" || hold.expiresAt <= now) {
      throw new AppError("HOLD_EXPIRED", HOLD_EXPIRED_MESSAGE);
    }
    const items = (await loadHoldItems(tx, hold.id)).filter((i) => i.status === "pending");
    if (items.length === 0) throw new AppError("VALIDATION", "No reservations to process");

    if (hold.totalCents === 0) {
      const confirmed = await confirmHold(tx, deps, { hold, paymentId: null, late: false, venue, now });
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
      .where(and(eq(payments.holdId, hold.id), eq(payments.state, "created")))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.checkoutUrl && open.providerSessionId && open.amountCents === hold.totalCents) {
      return { kind: "open" as const, url: open.checkoutUrl, sessionId: open.providerSessionId };
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        provider: deps.payments.name,
        purpose: "reservation",
        amountCents: hold.totalCents,
        holdId: hold.id,
        state: "created",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [customer] = await tx
      .select({ email: reservations.customerEmail })
      .from(reservations)
      .where(eq(reservations.holdId, hold.id))
      .limit(1);
    const coupon = hold.couponId
      ? await tx.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
      : undefined;
    return {
      kind: "new" as const,
      hold,
      items,
      payment: present(payment),
      customerEmail: customer?.email ?? null,
      couponCode: coupon?.code ?? null,
    };
  });

  if (prepared.kind === "free") {
    return { url: `/success?hold_id=${holdId}`, provider: "none", sessionId: null, status: "confirmed" };
  }
  const provider = present(deps.payments);
  if (prepared.kind === "open") {
    return { url: prepared.url, provider: provider.name, sessionId: prepared.sessionId, status: "redirect" };
  }

  const { hold, items, payment } = prepared;
  const session = await openCheckoutSession(deps, payment.id, () => {
    const base = deps.config.publicUrl;
    return provider.createCheckoutSession({
      paymentId: payment.id,
      holdId: hold.id,
      purpose: "reservation",
      lineItems: items.map((i) => ({
        name: `${i.facilityName} — ${formatVenueDateShort(i.date)}`,
        description: `${i.displayTime} (${i.duration} min) at ${venue.venueName}`,
        amountCents: i.priceCents,
      })),
      discountCents: hold.discountCents,
      couponCode: prepared.couponCode,
      totalCents: hold.totalCents,
      customerEmail: prepared.customerEmail,
      holdExpiresAt: hold.expiresAt,
      now,
      successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/cancel?session_id={CHECKOUT_SESSION_ID}`,
    });
  });
  return { url: session.url, provider: provider.name, sessionId: session.sessionId, status: "redirect" };
}
