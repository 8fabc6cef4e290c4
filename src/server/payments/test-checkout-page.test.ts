import { describe, expect, it } from "vitest";
import { checkoutPage, messagePage } from "./test-checkout-page";

describe("test checkout page", () => {
  const html = checkoutPage({
    sessionId: "cs_test_a/b",
    venueName: `Bob's <script>alert(1)</script> Bar`,
    items: [
      {
        reservationId: "r1",
        facilityType: "court",
        facilityId: 3,
        facilityName: "Court <3>",
        date: "2026-11-23",
        startTime: "17:00",
        endTime: "18:30",
        displayTime: "5:00 PM - 6:30 PM",
        duration: 90,
        priceCents: 6750,
        status: "pending",
      },
    ],
    subtotalCents: 6750,
    discountCents: 675,
    couponCode: `"SAVE"`,
    totalCents: 6075,
    expiresAtText: "5:15 PM",
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
