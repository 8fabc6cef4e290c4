import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { CreateMembershipSessionRequest } from "../../../src/contracts/membership";
import { payments } from "../../../src/server/db/schema";
import type { AppDeps } from "../../../src/server/deps";
import { present } from "../../../src/server/lib/present";
import type { TestProvider } from "../../../src/server/payments/test-provider";

// Shared by the membership integration tests (not a test file itself): request bodies, signed
// subscription events, and a fake Stripe API for subscription checkouts at the network edge.

/** Wednesday 18 Nov 2026, 9:00 AM in the venue (CST, UTC−6). Its week runs Mon 16 … Sun 22. */
export const NOW = new Date("2026-11-18T15:00:00Z");
export const THURSDAY = "2026-11-19";
export const FRIDAY = "2026-11-20";
export const SATURDAY = "2026-11-21";
/** The next week: Monday 23 … Sunday 29 Nov. */
export const NEXT_MONDAY = "2026-11-23";
export const NEXT_TUESDAY = "2026-11-24";

export const SIGNUP_PASSWORD = "Plain-Secret-Pa55word!";

export function signupBody(
  overrides: Partial<CreateMembershipSessionRequest> = {},
): CreateMembershipSessionRequest {
  return {
    email: `joiner-${randomBytes(4).toString("hex")}@example.test`,
    plan: "monthly",
    firstName: "Jamie",
    lastName: "Joiner",
    phone: "(512) 555-0199",
    password: SIGNUP_PASSWORD,
    ...overrides,
  };
}

export async function membershipPayment(deps: AppDeps, sessionId: string) {
  const [row] = await deps.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  if (!row) throw new Error(`no payment for session ${sessionId}`);
  return row;
}

export const sessionIdOf = (url: string) => present(present(url.split("/").pop()).split("?")[0]);

type Poster = (path: string, init?: RequestInit) => Response | Promise<Response>;

export function postWebhook(request: Poster, payload: string, signature: string) {
  return request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

/** Posts an event signed with the built-in test provider's secret and returns the outcome. */
export async function sendTestEvent(deps: AppDeps, request: Poster, payload: string): Promise<string> {
  const signature = (deps.payments as TestProvider).sign(payload, deps.now());
  const response = await postWebhook(request, payload, signature);
  if (response.status !== 200)
    throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { outcome: string }).outcome;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** When a renewal invoice was paid, as Stripe's invoice says it (status_transitions.paid_at). */
export const paidAtField = (at: Date) => ({ status_transitions: { paid_at: seconds(at) } });

export function eventPayload(type: string, object: Record<string, unknown>, eventId?: string): string {
  return JSON.stringify({
    id: eventId ?? `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: seconds(NOW),
    livemode: false,
    data: { object },
  });
}

/** A Stripe subscription object (API 2025+: the period on the items). */
export function subscriptionObject(
  id: string,
  options: { status?: string; periodEnd: Date; cancelAt?: Date | null; customer?: string },
) {
  return {
    id,
    object: "subscription",
    customer: options.customer ?? "cus_x",
    status: options.status ?? "active",
    cancel_at: options.cancelAt ? seconds(options.cancelAt) : null,
    cancel_at_period_end: Boolean(options.cancelAt),
    items: {
      object: "list",
      data: [
        { id: "si_1", current_period_start: seconds(NOW), current_period_end: seconds(options.periodEnd) },
      ],
    },
  };
}

/**
 * An invoice.paid object for a subscription's renewal, paying up to `periodEnd`; `extra` sets
 * Stripe's other fields (id, amount_paid, billing_reason, status_transitions…).
 */
export function invoiceObject(subscriptionId: string, periodEnd: Date, extra: Record<string, unknown> = {}) {
  return {
    id: `in_${randomBytes(6).toString("hex")}`,
    object: "invoice",
    status: "paid",
    ...extra,
    parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
    lines: {
      object: "list",
      data: [{ id: "il_1", object: "line_item", period: { start: seconds(NOW), end: seconds(periodEnd) } }],
    },
  };
}

// ---- a fake Stripe API for subscriptions: the SDK is pointed at it (apiBase) ----

export type StripeCall = { method: string; path: string; idempotencyKey: string | undefined; raw: string };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A recurring price object as Stripe answers GET /v1/prices/{id}. */
export function priceObject(id: string, amountCents: number, interval: "month" | "year" | null) {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    unit_amount: amountCents,
    type: interval ? "recurring" : "one_time",
    recurring: interval ? { interval, interval_count: 1 } : null,
  };
}

/** The prices the membership tests name, at the spec's amounts (issue 32 item 3 checks them). */
const SPEC_PRICES = [
  priceObject("price_monthly", 7900, "month"),
  priceObject("price_annual", 85000, "year"),
  priceObject("price_monthly_79", 7900, "month"),
  priceObject("price_annual_850", 85000, "year"),
];

/** Checkout sessions (create), prices and subscriptions (retrieve, with state the test sets). */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  const prices = new Map<string, unknown>(SPEC_PRICES.map((p) => [p.id, p]));
  const subscriptions = new Map<string, unknown>();
  const answers = new Map<string, unknown>();
  let n = 0;
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = (req.url ?? "").split("?")[0] ?? "";
    calls.push({
      method: req.method ?? "",
      path,
      idempotencyKey: req.headers["idempotency-key"] as string,
      raw,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
      res.end(JSON.stringify(json));
    };
    const body = Object.fromEntries(new URLSearchParams(raw));
    const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    const price = path.match(/^\/v1\/prices\/([^/]+)$/);
    if (req.method === "GET" && price && prices.has(present(price[1]))) {
      return send(200, prices.get(present(price[1])));
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_fake_${++n}`;
      return send(200, {
        id,
        object: "checkout.session",
        mode: body.mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        expires_at: seconds(NOW) + 24 * 3600,
        status: "open",
        metadata: {},
      });
    }
    if (req.method === "GET" && subscription && subscriptions.has(present(subscription[1]))) {
      return send(200, subscriptions.get(present(subscription[1])));
    }
    if (answers.has(`${req.method} ${path}`)) return send(200, answers.get(`${req.method} ${path}`));
    send(404, { error: { type: "invalid_request_error", message: `No fake for ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** What GET /v1/prices/{id} answers from now on. */
    setPrice: (id: string, amountCents: number, interval: "month" | "year" | null) =>
      prices.set(id, priceObject(id, amountCents, interval)),
    /** What GET /v1/subscriptions/{id} answers from now on. */
    setSubscription: (id: string, object: unknown) => subscriptions.set(id, object),
    /** What any other call ("GET /v1/invoices") answers from now on. */
    answer: (call: string, object: unknown) => answers.set(call, object),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
