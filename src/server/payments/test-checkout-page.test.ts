import { describe, expect, it } from "vitest";
import type { StoredCheckout } from "../db/schema";
import { checkoutPage, messagePage } from "./test-checkout-page";

const stored = (fields: Partial<StoredCheckout>): StoredCheckout => ({
  mode: "payment",
  lineItems: [],
  discountCents: 0,
  couponCode: null,
  customerEmail: null,
  metadata: {},
  recurring: null,
  successPath: "/success",
  cancelPath: "/cancel",
  backPath: "/book",
  ...fields,
});

describe("test checkout page", () => {
  const html = checkoutPage({
    sessionId: "cs_test_a/b",
    venueName: `Bob's <script>alert(1)</script> Bar`,
    checkout: stored({
      lineItems: [
        {
          name: "Court <3>",
          description: "Mon, Nov 23 · 5:00 PM - 6:30 PM (90 min)",
          amountCents: 6750,
        },
      ],
      discountCents: 675,
      couponCode: `"SAVE"`,
    }),
    totalCents: 6075,
    expiresAtText: "5:15 PM",
    nextBillingText: null,
  });

  it("is marked as a test and shows the venue, the items and the amount", () => {
    expect(html).toContain("TEST CHECKOUT");
    expect(html).toContain("Mon, Nov 23 · 5:00 PM - 6:30 PM (90 min)");
    expect(html).toContain("Pay $60.75");
    expect(html).toContain("-$6.75");
    expect(html).toContain('action="/test-checkout/cs_test_a%2Fb/pay"');
    expect(html).toContain('action="/test-checkout/cs_test_a%2Fb/cancel"');
  });

  it("escapes every value and carries no script", () => {
    expect(html).not.toContain("<script");
    expect(html).toContain("Bob&#39;s &lt;script&gt;alert(1)&lt;/script&gt; Bar");
    expect(html).toContain("Court &lt;3&gt;");
    expect(html).toContain("&quot;SAVE&quot;");
    const message = messagePage("<x>", "<y>", { href: `/a"b`, label: "<z>" });
    expect(message).not.toMatch(/<[xyz]>/);
    expect(message).not.toContain('/a"b');
    expect(message).toContain('href="/a&quot;b"');
  });
});

describe("the test checkout's subscription page", () => {
  it("is marked as a test, shows the plan and next billing date, and escapes every value", () => {
    const html = checkoutPage({
      sessionId: "cs_test_a/b",
      venueName: "Bob's <Bar>",
      checkout: stored({
        mode: "subscription",
        lineItems: [
          {
            name: "<script>alert(1)</script> Club membership (Monthly)",
            description: "a&b@example.test",
            amountCents: 7900,
          },
        ],
        recurring: { price: "monthly", interval: "month" },
      }),
      totalCents: 7900,
      expiresAtText: "Nov 19, 9:00 AM",
      nextBillingText: "December 18, 2026",
    });
    expect(html).toContain("TEST CHECKOUT");
    expect(html).toContain("Next billing date");
    expect(html).toContain("December 18, 2026");
    expect(html).toContain("Subscribe $79.00/month");
    expect(html).toContain('action="/test-checkout/cs_test_a%2Fb/pay"');
    expect(html).not.toContain("<script");
    expect(html).toContain("a&amp;b@example.test");
  });
});
