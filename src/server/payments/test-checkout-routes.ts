import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { formatTime12, venueNowTime } from "../../domain/venue-time";
import { loadHoldItems } from "../booking/hold-summary";
import { couponCodes, holds, payments } from "../db/schema";
import { registrationCheckoutPage, registrationReturnUrl } from "../events/registration-test-checkout";
import { sameOriginOnly } from "../http/same-origin";
import type { AppDeps, AppEnv } from "../kernel/deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import { handlePaymentWebhook } from "./handle-webhook";
import { checkoutPage, messagePage } from "./test-checkout-page";
import type { TestProvider } from "./test-provider";
import { renderSubscriptionCheckout, subscriptionCompletedEvent } from "./test-subscription-checkout";

type PaymentRow = typeof payments.$inferSelect;

const BOOK_LINK = { href: "/book", label: "Back to booking" };
const SIGNUP_LINK = { href: "/signup", label: "Back to membership signup" };

function testProvider(deps: AppDeps): TestProvider | null {
  if (!deps.config.testCheckoutEnabled || deps.payments?.name !== "test") return null;
  return deps.payments as TestProvider;
}

async function findSession(deps: AppDeps, sessionId: string): Promise<PaymentRow | undefined> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, "test"), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  return payment;
}

const isOpen = (payment: PaymentRow, now: Date) =>
  payment.state === "created" && (payment.expiresAt === null || payment.expiresAt > now);

/** The event Stripe would send when its hosted page is paid, for our own session. */
function completedEvent(payment: PaymentRow, sessionId: string, now: Date): string {
  const created = Math.floor(now.getTime() / 1000);
  return JSON.stringify({
    id: `evt_test_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: payment.amountCents,
        currency: payment.currency,
        client_reference_id: payment.holdId,
        payment_intent: `pi_test_${randomBytes(12).toString("hex")}`,
        metadata: { purpose: payment.purpose, holdId: payment.holdId, paymentId: payment.id },
      },
    },
  });
}

// /test-checkout/:sessionId — only while the test checkout stands in for Stripe (DECISIONS.md:
// refused in production unless TEST_CHECKOUT=true). The POSTs are same-origin only.
export const testCheckoutRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (!testProvider(c.var.deps)) return c.text("Not found", 404);
    c.header("cache-control", "no-store");
    c.header("x-robots-tag", "noindex");
    await next();
  })
  .get("/:sessionId", async (c) => {
    const deps = c.var.deps;
    const sessionId = c.req.param("sessionId");
    const payment = await findSession(deps, sessionId);
    if (payment?.purpose === "membership") return membershipPage(c, deps, payment, sessionId);
    if (payment?.purpose === "event_registration") {
      const page = await registrationCheckoutPage(deps, payment, sessionId);
      return c.html(page.html, page.status);
    }
    if (!payment?.holdId) {
      return c.html(messagePage("Checkout not found", "This checkout link is not valid.", BOOK_LINK), 404);
    }
    if (payment.state === "completed" || payment.state === "refunded") {
      return c.html(
        messagePage("Already paid", "This checkout has already been paid.", {
          href: `/success?session_id=${encodeURIComponent(sessionId)}`,
          label: "Continue",
        }),
      );
    }
    const now = deps.now();
    if (!isOpen(payment, now)) {
      return c.html(
        messagePage(
          "Checkout expired",
          "Reservation time expired. Please choose your time again.",
          BOOK_LINK,
        ),
        410,
      );
    }
    const [hold] = await deps.db.select().from(holds).where(eq(holds.id, payment.holdId));
    const venue = await loadVenueIdentity(deps.db, deps.config);
    const coupon = hold?.couponId
      ? await deps.db.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
      : undefined;
    const items = (await loadHoldItems(deps.db, payment.holdId)).filter((i) => i.status === "pending");
    return c.html(
      checkoutPage({
        sessionId,
        venueName: venue.venueName,
        items,
        subtotalCents: hold?.subtotalCents ?? payment.amountCents,
        discountCents: hold?.discountCents ?? 0,
        couponCode: coupon?.code ?? null,
        totalCents: payment.amountCents,
        expiresAtText: payment.expiresAt ? formatTime12(venueNowTime(payment.expiresAt)) : "",
      }),
    );
  })
  .post("/:sessionId/pay", sameOriginOnly, async (c) => {
    const deps = c.var.deps;
    const provider = testProvider(deps)!;
    const sessionId = c.req.param("sessionId");
    const payment = await findSession(deps, sessionId);
    if (!payment)
      return c.html(messagePage("Checkout not found", "This checkout link is not valid.", BOOK_LINK), 404);
    if (payment.purpose === "membership") return payMembership(c, deps, provider, payment, sessionId);
    const success =
      payment.purpose === "event_registration"
        ? await registrationReturnUrl(deps, payment, "success")
        : `/success?session_id=${encodeURIComponent(sessionId)}`;
    if (payment.state === "completed" || payment.state === "refunded") return c.redirect(success, 303);
    const now = deps.now();
    if (!isOpen(payment, now)) {
      return c.html(
        messagePage(
          "Checkout expired",
          "Reservation time expired. Please choose your time again.",
          BOOK_LINK,
        ),
        410,
      );
    }
    // The same signed-webhook path as Stripe: sign with the server's test secret, verify, fulfil.
    const payload = completedEvent(payment, sessionId, now);
    try {
      await handlePaymentWebhook(deps, payload, provider.sign(payload, now));
    } catch (err) {
      deps.logger.error({ err, sessionId }, "test checkout payment failed");
      return c.html(
        messagePage("Payment not completed", "Something went wrong. Please try again.", {
          href: `/test-checkout/${encodeURIComponent(sessionId)}`,
          label: "Try again",
        }),
        500,
      );
    }
    return c.redirect(success, 303);
  })
  .post("/:sessionId/cancel", sameOriginOnly, async (c) => {
    const sessionId = c.req.param("sessionId");
    const payment = await findSession(c.var.deps, sessionId);
    if (payment?.purpose === "event_registration") {
      return c.redirect(await registrationReturnUrl(c.var.deps, payment, "cancelled"), 303);
    }
    const cancelPage = payment?.purpose === "membership" ? "/membership-cancel" : "/cancel";
    return c.redirect(`${cancelPage}?session_id=${encodeURIComponent(sessionId)}`, 303);
  });

// ---- memberships: a simulated subscription (see test-subscription-checkout.ts) ----

type Ctx = Context<AppEnv>;

const membershipEnded = (c: Ctx) =>
  c.html(
    messagePage("Checkout expired", "This checkout has ended. Please start your signup again.", SIGNUP_LINK),
    410,
  );

async function membershipPage(c: Ctx, deps: AppDeps, payment: PaymentRow, sessionId: string) {
  if (payment.state === "completed") {
    return c.html(
      messagePage("Already paid", "This membership has already been paid.", {
        href: `/membership-success?session_id=${encodeURIComponent(sessionId)}`,
        label: "Continue",
      }),
    );
  }
  const now = deps.now();
  const html = isOpen(payment, now) ? await renderSubscriptionCheckout(deps, payment, sessionId, now) : null;
  return html ? c.html(html) : membershipEnded(c);
}

async function payMembership(
  c: Ctx,
  deps: AppDeps,
  provider: TestProvider,
  payment: PaymentRow,
  sessionId: string,
) {
  const success = `/membership-success?session_id=${encodeURIComponent(sessionId)}`;
  if (payment.state === "completed") return c.redirect(success, 303);
  const now = deps.now();
  const payload = isOpen(payment, now)
    ? await subscriptionCompletedEvent(deps, payment, sessionId, now)
    : null;
  if (!payload) return membershipEnded(c);
  try {
    await handlePaymentWebhook(deps, payload, provider.sign(payload, now));
  } catch (err) {
    deps.logger.error({ err, sessionId }, "test membership checkout failed");
    return c.html(
      messagePage("Payment not completed", "Something went wrong. Please try again.", {
        href: `/test-checkout/${encodeURIComponent(sessionId)}`,
        label: "Try again",
      }),
      500,
    );
  }
  return c.redirect(success, 303);
}
