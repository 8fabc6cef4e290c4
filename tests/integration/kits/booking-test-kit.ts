import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { CartItemInput } from "../../../src/contracts/booking";
import type { CreateHoldRequest, CreateHoldResponse } from "../../../src/contracts/booking-holds";
import { type couponCodes, payments } from "../../../src/server/db/schema";
import type { AppDeps } from "../../../src/server/deps";
import type { TestProvider } from "../../../src/server/payments/test-provider";

// Shared by the booking integration tests (not a test file itself): request bodies, signed
// webhooks for the built-in test provider, and a fake Stripe API at the network edge.

/** Wednesday 18 Nov 2026, 9:00 AM in the venue (CST, UTC−6). */
export const NOW = new Date("2026-11-18T15:00:00Z");
/** Monday 23 Nov 2026: a weekday within the guests' 10-day window. */
export const MONDAY = "2026-11-23";
/** Saturday 21 Nov 2026. */
export const SATURDAY = "2026-11-21";

export const HOLD_MS = 15 * 60_000;

/** Coupons valid around NOW (TENOFF, FIVE with a $50 minimum, LAST with one use) and refused ones. */
export const TEST_COUPONS: Array<typeof couponCodes.$inferInsert> = [
  { code: "TENOFF", type: "percentage", value: "10", startDate: "2026-11-01", endDate: "2026-12-31" },
  {
    code: "FIVE",
    type: "fixed_amount",
    value: "5",
    startDate: "2026-11-01",
    endDate: "2026-12-31",
    minPurchaseCents: 5000,
  },
  { code: "OLD", type: "percentage", value: "25", startDate: "2026-01-01", endDate: "2026-11-17" },
  { code: "SOON", type: "percentage", value: "25", startDate: "2026-11-19", endDate: "2026-12-31" },
  {
    code: "OFF",
    type: "percentage",
    value: "25",
    startDate: "2026-11-01",
    endDate: "2026-12-31",
    isActive: false,
  },
  {
    code: "LAST",
    type: "fixed_amount",
    value: "10",
    startDate: "2026-11-01",
    endDate: "2026-12-31",
    maxUses: 1,
  },
];

export function item(overrides: Partial<CartItemInput> = {}): CartItemInput {
  return { facilityType: "court", date: MONDAY, startTime: "17:00", duration: 90, ...overrides };
}

/** A hold request; each call is a person of its own (own email), as the limits against hoarding count. */
export function holdBody(overrides: Partial<CreateHoldRequest> = {}): CreateHoldRequest {
  return {
    items: [item()],
    customer: {
      name: "Jordan Park",
      email: `jordan-${randomBytes(3).toString("hex")}@example.test`,
      phone: "",
      smsConsent: false,
      notes: "",
      termsAccepted: true,
    },
    ...overrides,
  };
}

type Poster = { post(path: string, body?: unknown): Promise<Response> };

export async function createHoldOk(client: Poster, body: CreateHoldRequest): Promise<CreateHoldResponse> {
  const response = await client.post("/api/booking/holds", body);
  if (response.status !== 201) throw new Error(`hold answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreateHoldResponse;
}

export async function checkoutOk(client: Poster, hold: { holdId: string; holdToken: string }) {
  const response = await client.post(`/api/booking/holds/${hold.holdId}/checkout`, {
    holdToken: hold.holdToken,
  });
  if (response.status !== 200)
    throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { url: string; sessionId: string; provider: string; status: string };
}

export async function paymentForSession(deps: AppDeps, sessionId: string) {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerSessionId, sessionId)));
  if (!row) throw new Error(`no payment for session ${sessionId}`);
  return row;
}

/** A checkout.session.completed event body, as Stripe (or the test checkout) sends it. */
export function completedEvent(
  payment: { id: string; reference: string | null; amountCents: number; providerSessionId: string | null },
  options: { eventId?: string; type?: string; paymentIntent?: string; created?: Date } = {},
): string {
  return JSON.stringify({
    id: options.eventId ?? `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type: options.type ?? "checkout.session.completed",
    created: Math.floor((options.created ?? NOW).getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: payment.providerSessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: payment.amountCents,
        currency: "usd",
        payment_intent: options.paymentIntent ?? `pi_${randomBytes(8).toString("hex")}`,
        metadata: { purpose: "reservation", holdId: payment.reference, paymentId: payment.id },
      },
    },
  });
}

/** Signs a payload with the test provider's server secret, at `at` (the app's pinned clock). */
export function signForTestProvider(deps: AppDeps, payload: string, at: Date): string {
  return (deps.payments as TestProvider).sign(payload, at);
}

export function postWebhook(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
  payload: string,
  signature: string,
) {
  return request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

// ---- a fake Stripe API: the SDK is pointed at it (STRIPE_API_BASE) ----

export type StripeCall = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, string>;
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

/**
 * Just enough of Stripe for the booking flow: coupons, checkout sessions (create, expire, list by
 * payment intent), refunds, the invoice payments of a payment intent or an invoice, invoices
 * (retrieve: the subscription they bill), and subscriptions (retrieve, cancel), with Stripe's
 * idempotency (the same key answers the first response again).
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  /** The invoice each payment intent paid (a subscription's), for the invoice payments' list. */
  const invoiceOfPayment = new Map<string, string>();
  /** The checkout session each payment intent was paid through, for the sessions' list. */
  const sessionOfPayment = new Map<string, { id: string; metadata: Record<string, string> }>();
  /**
   * The subscription an invoice bills, its billing reason and the subscription's metadata; an
   * invoice only invoiceOfPayment names bills none.
   */
  const invoiceSubscription = new Map<
    string,
    { subscription: string; billingReason: string; metadata: Record<string, string> }
  >();
  const knowsInvoice = (id: string) =>
    invoiceSubscription.has(id) || [...invoiceOfPayment.values()].includes(id);
  const byKey = new Map<string, unknown>();
  let n = 0;
  const server = createServer(async (req, res) => {
    const body = await readForm(req);
    const path = (req.url ?? "").split("?")[0] ?? "";
    const key = req.headers["idempotency-key"] as string | undefined;
    calls.push({ method: req.method ?? "", path, idempotencyKey: key, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
      res.end(JSON.stringify(json));
    };
    const cacheKey = key ? `${path}|${key}` : null;
    if (cacheKey && byKey.has(cacheKey)) return send(200, byKey.get(cacheKey));
    let answer: unknown;
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    const invoice = path.match(/^\/v1\/invoices\/([^/]+)$/);
    if (req.method === "POST" && path === "/v1/coupons") {
      answer = { id: `coupon_${++n}`, object: "coupon", amount_off: Number(body.amount_off) };
    } else if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_fake_${++n}`;
      answer = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        expires_at: Number(body.expires_at),
        status: "open",
        payment_status: "unpaid",
        metadata: {},
      };
    } else if (req.method === "GET" && path === "/v1/checkout/sessions") {
      const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
      const session = sessionOfPayment.get(query.get("payment_intent") ?? "");
      const data = session ? [{ ...session, object: "checkout.session", status: "complete" }] : [];
      answer = { object: "list", url: path, has_more: false, data };
    } else if (req.method === "POST" && expire) {
      answer = { id: expire[1], object: "checkout.session", status: "expired" };
    } else if (req.method === "POST" && path === "/v1/refunds") {
      answer = { id: `re_fake_${++n}`, object: "refund", amount: Number(body.amount), status: "succeeded" };
    } else if (req.method === "GET" && path === "/v1/invoice_payments") {
      // Either way round: the invoice a payment intent paid, or the payment intent of an invoice.
      const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
      const byInvoice = query.get("invoice");
      const paymentIntent = query.get("payment[payment_intent]") ?? "";
      const paid = byInvoice
        ? [...invoiceOfPayment].find(([, invoice]) => invoice === byInvoice)
        : [...invoiceOfPayment].find(([pi]) => pi === paymentIntent);
      const data = paid
        ? [
            {
              id: `inpay_${++n}`,
              object: "invoice_payment",
              invoice: paid[1],
              payment: { type: "payment_intent", payment_intent: paid[0] },
              status: "paid",
            },
          ]
        : [];
      answer = { object: "list", url: path, has_more: false, data };
    } else if (req.method === "GET" && invoice?.[1] && knowsInvoice(invoice[1])) {
      const billed = invoiceSubscription.get(invoice[1]);
      answer = {
        id: invoice[1],
        object: "invoice",
        status: "paid",
        billing_reason: billed?.billingReason ?? "manual",
        parent: billed
          ? {
              type: "subscription_details",
              quote_details: null,
              subscription_details: { subscription: billed.subscription, metadata: billed.metadata },
            }
          : null,
      };
    } else if (subscription && (req.method === "GET" || req.method === "DELETE")) {
      // A live subscription, or the one just cancelled: the extra membership's refund cancels it.
      answer = {
        id: subscription[1],
        object: "subscription",
        customer: "cus_fake",
        status: req.method === "DELETE" ? "canceled" : "active",
        cancel_at: null,
        cancel_at_period_end: false,
        items: { object: "list", data: [] },
      };
    } else {
      return send(404, { error: { type: "invalid_request_error", message: `No fake for ${path}` } });
    }
    if (cacheKey) byKey.set(cacheKey, answer);
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    invoiceOfPayment,
    sessionOfPayment,
    invoiceSubscription,
    callsTo: (method: string, pathPattern: RegExp) =>
      calls.filter((c) => c.method === method && pathPattern.test(c.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
