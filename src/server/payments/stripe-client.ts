import type Stripe from "stripe";

function connectionOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

/** Stripe's SDK, loaded at its first use: some 4 MB of memory a server without Stripe never needs. */
export async function stripeSdk(): Promise<typeof Stripe> {
  const { default: sdk } = await import("stripe");
  return sdk;
}

/**
 * The SDK's client, created at the first call (a failed load is retried at the next); `apiBase`
 * points the SDK elsewhere (tests: a local fake at http://127.0.0.1:port).
 */
export function lazyStripeClient(secretKey: string, apiBase: string | undefined): () => Promise<Stripe> {
  let client: Promise<Stripe> | null = null;
  return () => {
    client ??= stripeSdk().then(
      (StripeSdk) =>
        new StripeSdk(secretKey, {
          ...connectionOptions(apiBase),
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: "venue-booking" },
        }),
      (err: unknown) => {
        client = null;
        throw err;
      },
    );
    return client;
  };
}
