import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdBody, item, NOW } from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { BOOKING_FORM_MESSAGES } from "../../domain/booking-form";

// The error body names the request field a problem concerns, so the booking form can show the
// server's message beside that input: { error: { code, message, field? } }.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const customer = holdBody().customer;

async function errorBody(path: string, body: unknown) {
  const response = await t.client().post(path, body);
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { code: string; message: string; field?: string } }).error;
}

describe("the error body's field", () => {
  it.each([
    [{ termsAccepted: false }, BOOKING_FORM_MESSAGES.terms, "termsAccepted"],
    [{ name: "  " }, BOOKING_FORM_MESSAGES.name, "name"],
    [{ email: "" }, BOOKING_FORM_MESSAGES.email, "email"],
    [{ email: "not-an-email" }, BOOKING_FORM_MESSAGES.emailFormat, "email"],
    [{ phone: "312 555 0188", smsConsent: false }, BOOKING_FORM_MESSAGES.smsConsent, "smsConsent"],
  ])("a hold with %o names %s's field", async (change, message, field) => {
    const error = await errorBody("/api/booking/holds", holdBody({ customer: { ...customer, ...change } }));
    expect(error).toMatchObject({ code: "VALIDATION", message, field });
  });

  it("names the phone when the number is not a US phone", async () => {
    const error = await errorBody(
      "/api/booking/holds",
      holdBody({ customer: { ...customer, phone: "12", smsConsent: true } }),
    );
    expect(error.field).toBe("phone");
  });

  it("names the coupon code when the hold's coupon is not valid, and the code on a coupon check", async () => {
    expect((await errorBody("/api/booking/holds", holdBody({ couponCode: "NOPE" }))).field).toBe(
      "couponCode",
    );
    expect((await errorBody("/api/booking/coupon-check", { code: "NOPE", items: [item()] })).field).toBe(
      "code",
    );
  });

  it("names the innermost contract field when the request fails its contract", async () => {
    const error = await errorBody(
      "/api/booking/holds",
      holdBody({ customer: { ...customer, email: "x".repeat(300) } }),
    );
    expect(error.field).toBe("email");
  });

  it("names no field for a problem that is not one input's (an empty cart)", async () => {
    const error = await errorBody("/api/booking/coupon-check", { code: "NOPE", items: [] });
    expect(error.field).toBeUndefined();
  });
});
