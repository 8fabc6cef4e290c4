import { Hono } from "hono";
import type { AppEnv } from "../deps";
import type { CheckoutPurposes } from "./checkout-purpose";
import { handlePaymentWebhook } from "./handle-webhook";

// POST /api/webhooks/stripe — Stripe's endpoint, and the test checkout's (same format, same path).
// The body is read raw: the signature covers the exact bytes.
export const createWebhookRoutes = (purposes: CheckoutPurposes) =>
  new Hono<AppEnv>().post("/webhooks/stripe", async (c) => {
    const raw = Buffer.from(await c.req.arrayBuffer()).toString("utf8");
    const outcome = await handlePaymentWebhook(
      c.get("deps"),
      purposes,
      raw,
      c.req.header("stripe-signature"),
    );
    return c.json({ received: true, outcome }, 200);
  });
