import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CheckoutSession, CreateCheckoutInput, PaymentProvider, RefundInput } from "../payment-provider";

/** How long the test checkout keeps a session without a hold open (Stripe's default is 24 hours). */
const OPEN_SESSION_MS = 24 * 3600_000;
/** How long a link to the stand-in billing page works (Stripe's portal sessions are short-lived too). */
const BILLING_LINK_MS = 30 * 60_000;

/** What a stand-in billing link carries: the customer, until when, and where it returns (a path). */
export type BillingLink = { customerId: string; expiresAt: number; returnPath: string };

// The built-in test checkout (DECISIONS.md): without Stripe keys, the app serves its own clearly
// marked checkout page. "Pay" there builds a checkout.session.completed event, signs it with the
// server's test secret in Stripe's format, and hands it to the same webhook handler Stripe's events
// reach — so the test checkout exercises the real fulfilment code.

export type TestProvider = PaymentProvider & {
  readonly webhookSecret: string;
  /** Signs a payload as Stripe would, for the test checkout's Pay button. */
  sign(payload: string, at: Date): string;
  /** The stand-in billing page's link, or null when it is forged or has expired. */
  readBillingLink(token: string, now: Date): BillingLink | null;
};

export function createTestProvider(options: { webhookSecret: string }): TestProvider {
  const mac = (data: string) =>
    createHmac("sha256", options.webhookSecret).update(`billing-link.${data}`, "utf8").digest("base64url");
  return {
    name: "test",
    webhookSecret: options.webhookSecret,

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const sessionId = `cs_test_${randomBytes(18).toString("base64url")}`;
      // Relative: the page is served by this app, whatever host the browser used to reach it.
      return {
        sessionId,
        url: `/test-checkout/${sessionId}`,
        expiresAt: input.expiresAt ?? new Date(input.now.getTime() + OPEN_SESSION_MS),
      };
    },

    async expireCheckoutSession() {
      // The session lives in our payments table; its state is updated by the caller.
    },

    async refund(input: RefundInput) {
      // Recorded in the payments table by the caller; the id is derived from the idempotency key,
      // so a repeated refund is the same refund.
      const digest = createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24);
      return { refundId: `re_test_${digest}` };
    },

    async refundSubscription(input) {
      // The simulated subscription ends with the refund; the id is derived like refund()'s.
      const digest = createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24);
      return { refundId: `re_test_${digest}` };
    },

    async invoiceOfPayment() {
      // The test checkout has no dashboard: every refund of its payments is one this app made.
      return null;
    },

    async checkoutSessionOfPayment() {
      // Nor does it send refund events of its own: ours are booked when we make them.
      return null;
    },

    async subscriptionOfInvoice() {
      // Never asked: no refund of its payments is found through an invoice (invoiceOfPayment).
      return null;
    },

    async retrieveSubscription() {
      // The simulated subscription lives in the signed events the test checkout sends.
      return null;
    },

    async membershipBilling() {
      // The simulated subscription keeps no card or invoices: our payments table and the stand-in
      // page's card are the truth.
      return null;
    },

    async openBillingPortal({ customerId, returnUrl, now }) {
      // A signed, short-lived link (no state to keep), as Stripe's portal session is.
      const link: BillingLink = {
        customerId,
        expiresAt: now.getTime() + BILLING_LINK_MS,
        returnPath: new URL(returnUrl).pathname,
      };
      const data = Buffer.from(JSON.stringify(link), "utf8").toString("base64url");
      return { url: `/test-billing/${data}.${mac(data)}` };
    },

    async cancelAtPeriodEnd() {
      // The simulated subscription ends at the next billing date the caller keeps.
      return null;
    },

    async deferBilling() {
      // The simulated subscription bills nothing by itself: the next billing date we keep is the truth.
    },

    async describePrice() {
      // The test checkout charges the plan's amount itself: there is no provider price to check.
      return null;
    },

    readBillingLink(token, now) {
      const [data = "", signature = ""] = token.split(".");
      const expected = Buffer.from(mac(data));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const link = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as BillingLink;
        if (typeof link.customerId !== "string" || typeof link.returnPath !== "string") return null;
        if (!link.returnPath.startsWith("/") || link.returnPath.startsWith("//")) return null;
        return link.expiresAt > now.getTime() ? link : null;
      } catch {
        return null;
      }
    },

    async verifyWebhook(rawBody, signatureHeader, receivedAt) {
      // Stripe's own verification, as for Stripe's events; the SDK is loaded at the first payment.
      const { default: Stripe } = await import("stripe");
      return Stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        options.webhookSecret,
        undefined,
        undefined,
        receivedAt.getTime(),
      );
    },

    sign(payload, at) {
      // Stripe's signature scheme (what the SDK's generateTestHeaderString builds), without loading
      // the SDK: v1 is the HMAC-SHA256 of "<timestamp>.<payload>" under the webhook secret.
      const timestamp = Math.floor(at.getTime() / 1000);
      const v1 = createHmac("sha256", options.webhookSecret)
        .update(`${timestamp}.${payload}`, "utf8")
        .digest("hex");
      return `t=${timestamp},v1=${v1}`;
    },
  };
}
