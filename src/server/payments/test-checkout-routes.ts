import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { payments } from "../db/schema";
import { sameOriginOnly } from "../http/same-origin";
import type { AppDeps, AppEnv } from "../kernel/deps";
import type { CheckoutPurposes } from "./checkout-purpose";
import { handlePaymentWebhook } from "./handle-webhook";
import type { PaymentRow } from "./payment-rows";
import { messagePage } from "./test-checkout-page";
import { checkoutNotFoundPage } from "./test-checkout-session";
import type { TestProvider } from "./test-provider";

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

/**
 * /test-checkout/:sessionId — only while the test checkout stands in for Stripe (DECISIONS.md:
 * refused in production unless TEST_CHECKOUT=true). The POSTs are same-origin only. What a page
 * shows and where it returns belong to the session's purpose (its `testCheckout` steps); paying
 * sends the signed event Stripe would send through the same webhook code.
 */
export function createTestCheckoutRoutes(purposes: CheckoutPurposes) {
  const purposeOf = (payment: PaymentRow | undefined) =>
    (payment && purposes.byPurpose(payment.purpose)) || purposes.fallback;
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
      const page = await purposeOf(payment).testCheckout.page(deps, payment, sessionId);
      return c.html(page.html, page.status);
    })
    .post("/:sessionId/pay", sameOriginOnly, async (c) => {
      const deps = c.get("deps");
      const provider = testProvider(deps) as TestProvider; // the middleware above answered 404 otherwise
      const sessionId = c.req.param("sessionId");
      const payment = await findSession(deps, sessionId);
      if (!payment) return c.html(checkoutNotFoundPage(), 404);
      const step = await purposeOf(payment).testCheckout.pay(deps, payment, sessionId);
      if (step.kind === "redirect") return c.redirect(step.url, 303);
      if (step.kind === "page") return c.html(step.html, step.status);
      // The same signed-webhook path as Stripe: sign with the server's test secret, verify, fulfil.
      const now = deps.now();
      try {
        await handlePaymentWebhook(deps, purposes, step.payload, provider.sign(step.payload, now));
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
      return c.redirect(step.successUrl, 303);
    })
    .post("/:sessionId/cancel", sameOriginOnly, async (c) => {
      const sessionId = c.req.param("sessionId");
      const payment = await findSession(c.get("deps"), sessionId);
      return c.redirect(
        await purposeOf(payment).testCheckout.cancelUrl(c.get("deps"), payment, sessionId),
        303,
      );
    });
}
