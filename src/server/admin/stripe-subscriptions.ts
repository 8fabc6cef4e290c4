import type Stripe from "stripe";
import type { Config } from "../lib/config";

// The one call staff operations make to Stripe Billing: cancel a subscription at the end of its
// paid period (SPEC §4 Member account). Only when Stripe is configured; otherwise memberships are
// the test provider's and are cancelled on our records alone.

export type SubscriptionCanceller = {
  /** Returns the instant the subscription will end. */
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<Date | null>;
};

const cache = new WeakMap<Config, SubscriptionCanceller | null>();

export function subscriptionCanceller(config: Config): SubscriptionCanceller | null {
  if (cache.has(config)) return cache.get(config) ?? null;
  let canceller: SubscriptionCanceller | null = null;
  if (config.STRIPE_SECRET_KEY) {
    const secretKey = config.STRIPE_SECRET_KEY;
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
    const protocol = base?.protocol === "http:" ? "http" : "https";
    let client: Stripe | null = null;
    canceller = {
      async cancelAtPeriodEnd(subscriptionId, idempotencyKey) {
        // The SDK is loaded at the first cancellation, not at start (decision record 025).
        if (!client) {
          const { default: StripeSdk } = await import("stripe");
          client ??= new StripeSdk(secretKey, {
            ...(base
              ? { host: base.hostname, port: base.port || (protocol === "http" ? 80 : 443), protocol }
              : {}),
            maxNetworkRetries: 2,
            timeout: 20_000,
            appInfo: { name: "venue-booking" },
          });
        }
        const subscription = await client.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey },
        );
        return subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null;
      },
    };
  }
  cache.set(config, canceller);
  return canceller;
}
