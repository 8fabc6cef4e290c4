import { createHmac } from "node:crypto";
import type { Config } from "../lib/config";
import type { PaymentProvider } from "../payment-provider";
import { createStripeProvider } from "./stripe-provider";
import { createTestProvider } from "./test-provider";

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test checkout where it is allowed
 * (config.testCheckoutEnabled: never in production unless TEST_CHECKOUT=true); otherwise none, and
 * checkout answers that online payment is not available.
 */
export function createPaymentProvider(config: Config, serverSecret: string): PaymentProvider | null {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  if (config.testCheckoutEnabled) {
    // Derived from the server's secret: stable across restarts, never configured, never sent out.
    const secret = createHmac("sha256", serverSecret).update("test-checkout-webhook").digest("hex");
    return createTestProvider({ webhookSecret: `whsec_test_${secret}` });
  }
  return null;
}
