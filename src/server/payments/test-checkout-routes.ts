import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { VENUE_TIME_ZONE } from "../../domain/venue-time";
import { payments } from "../db/schema";
import type { AppDeps, AppEnv } from "../deps";
import { sameOriginOnly } from "../http/same-origin";
import { loadVenueIdentity } from "../settings/venue-settings";
import type { CheckoutPurposes, TestCheckoutTexts } from "./checkout-purpose";
import { handlePaymentWebhook } from "./handle-webhook";
import type { PaymentRow } from "./payment-rows";
import { checkoutPage, messagePage } from "./test-checkout-page";
import {
  BOOK_LINK,
  checkoutCompletedEvent,
  checkoutNotFoundPage,
  isOpenSession,
  isPaid,
  nextBilling,
  returnPath,
} from "./test-checkout-session";
import type { TestProvider } from "./test-provider";

function testProvider(deps: AppDeps): TestProvider | null {
  if (!deps.config.testCheckoutEnabled || deps.payments?.name !== "test") return null;
  return deps.payments as TestProvider;
}

/** A session of ours with its stored checkout (payments from before migration 0012 have none). */
type Session = PaymentRow & { checkout: NonNullable<PaymentRow["checkout"]> };

async function findSession(deps: AppDeps, sessionId: string): Promise<Session | undefined> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, "test"), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  return payment?.checkout ? (payment as Session) : undefined;
}

const venueTime = (d: Date, pattern: string) => format(d, pattern, { in: tz(VENUE_TIME_ZONE) });

/**
 * /test-checkout/:sessionId — only while the test checkout stands in for Stripe (DECISIONS.md:
 * refused in production unless TEST_CHECKOUT=true). The POSTs are same-origin only. One page for
 * every purpose, rendered from the payment's stored checkout; the purpose gives only its words.
 * Paying sends the signed event Stripe would send through the same webhook code.
 */
export function createTestCheckoutRoutes(purposes: CheckoutPurposes) {
  const textsOf = (payment: PaymentRow): TestCheckoutTexts =>
    purposes.byPurpose(payment.purpose)?.testCheckout ?? {
      expired: "This checkout has ended.",
      back: "Back",
    };
  const expiredPage = (payment: Session) =>
    messagePage("Checkout expired", textsOf(payment).expired, {
      href: payment.checkout.backPath,
      label: textsOf(payment).back,
    });
  const successPath = (payment: Session, sessionId: string) =>
    returnPath(payment.checkout.successPath, sessionId);

  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      if (!testProvider(c.get("deps"))) return c.text("Not found", 404);
      c.header("cache-control", "no-store");
      c.header("x-robots-tag", "noindex");
      await next();
    })
    .get("/:sessionId", async (c) => {
      const deps = c.get("deps");
      const sessionId = c.req.param("sessionId");
      const payment = await findSession(deps, sessionId);
      if (!payment) return c.html(checkoutNotFoundPage(), 404);
      if (isPaid(payment)) {
        const message = textsOf(payment).paid ?? "This checkout has already been paid.";
        const link = { href: successPath(payment, sessionId), label: "Continue" };
        return c.html(messagePage("Already paid", message, link), 200);
      }
      const now = deps.now();
      if (!isOpenSession(payment, now)) return c.html(expiredPage(payment), 410);
      const { recurring } = payment.checkout;
      const venue = await loadVenueIdentity(deps.db, deps.config);
      const expiresAt = payment.expiresAt;
      return c.html(
        checkoutPage({
          sessionId,
          venueName: venue.venueName,
          checkout: payment.checkout,
          totalCents: payment.amountCents,
          expiresAtText: expiresAt ? venueTime(expiresAt, recurring ? "MMM d, h:mm a" : "h:mm a") : "",
          nextBillingText: recurring ? venueTime(nextBilling(now, recurring.interval), "MMMM d, yyyy") : null,
        }),
        200,
      );
    })
    .post("/:sessionId/pay", sameOriginOnly, async (c) => {
      const deps = c.get("deps");
      const provider = testProvider(deps) as TestProvider; // the middleware above answered 404 otherwise
      const sessionId = c.req.param("sessionId");
      const payment = await findSession(deps, sessionId);
      if (!payment) return c.html(checkoutNotFoundPage(), 404);
      if (isPaid(payment)) return c.redirect(successPath(payment, sessionId), 303);
      const now = deps.now();
      const payload = isOpenSession(payment, now) ? checkoutCompletedEvent(payment, sessionId, now) : null;
      if (!payload) return c.html(expiredPage(payment), 410);
      // The same signed-webhook path as Stripe: sign with the server's test secret, verify, fulfil.
      try {
        await handlePaymentWebhook(deps, purposes, payload, provider.sign(payload, now));
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
      return c.redirect(successPath(payment, sessionId), 303);
    })
    .post("/:sessionId/cancel", sameOriginOnly, async (c) => {
      const sessionId = c.req.param("sessionId");
      const payment = await findSession(c.get("deps"), sessionId);
      return c.redirect(payment ? returnPath(payment.checkout.cancelPath, sessionId) : BOOK_LINK.href, 303);
    });
}
