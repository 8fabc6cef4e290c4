import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { invoicePeriodEnd, invoiceSubscriptionId, subscriptionSnapshot } from "./subscription-snapshot";

const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const sub = (fields: Record<string, unknown>) =>
  ({
    id: "sub_1",
    customer: "cus_1",
    status: "active",
    cancel_at: null,
    cancel_at_period_end: false,
    ...fields,
  }) as unknown as Stripe.Subscription;

describe("subscriptionSnapshot", () => {
  it("reads the period from the items (API 2025+)", () => {
    const snapshot = subscriptionSnapshot(
      sub({ items: { data: [{ current_period_end: at("2026-12-18T15:00:00Z") }] } }),
    );
    expect(snapshot).toEqual({
      id: "sub_1",
      customerId: "cus_1",
      status: "active",
      currentPeriodEnd: new Date("2026-12-18T15:00:00Z"),
      cancelAt: null,
    });
  });

  it("reads the period from the subscription itself in older payloads, and an expanded customer", () => {
    const snapshot = subscriptionSnapshot(
      sub({ current_period_end: at("2027-01-01T00:00:00Z"), customer: { id: "cus_2" } }),
    );
    expect(snapshot.currentPeriodEnd).toEqual(new Date("2027-01-01T00:00:00Z"));
    expect(snapshot.customerId).toBe("cus_2");
  });

  it("cancelling at period end counts as cancel_at, with or without the explicit date", () => {
    const end = at("2026-12-18T15:00:00Z");
    const items = { data: [{ current_period_end: end }] };
    expect(subscriptionSnapshot(sub({ items, cancel_at_period_end: true })).cancelAt).toEqual(
      new Date("2026-12-18T15:00:00Z"),
    );
    expect(subscriptionSnapshot(sub({ items, cancel_at: at("2026-12-01T00:00:00Z") })).cancelAt).toEqual(
      new Date("2026-12-01T00:00:00Z"),
    );
  });
});

describe("invoices", () => {
  it("find the subscription (parent, or the older field) and the latest period end", () => {
    const invoice = {
      parent: { subscription_details: { subscription: "sub_9" } },
      lines: {
        data: [
          { period: { end: at("2026-12-18T15:00:00Z") } },
          { period: { end: at("2027-01-18T15:00:00Z") } },
        ],
      },
    } as unknown as Stripe.Invoice;
    expect(invoiceSubscriptionId(invoice)).toBe("sub_9");
    expect(invoicePeriodEnd(invoice)).toEqual(new Date("2027-01-18T15:00:00Z"));
    expect(
      invoiceSubscriptionId({ subscription: "sub_old", lines: { data: [] } } as unknown as Stripe.Invoice),
    ).toBe("sub_old");
    expect(invoiceSubscriptionId({ lines: { data: [] } } as unknown as Stripe.Invoice)).toBeNull();
  });
});
