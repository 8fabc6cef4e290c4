import { describe, expect, it } from "vitest";
import {
  bookingFormProblem,
  checkBookingForm,
  checkCouponForm,
  formatVenueDateShort,
  BOOKING_FORM_MESSAGES as M,
  slotTakenMessage,
} from "./booking-form";

const valid = {
  termsAccepted: true,
  name: "Jordan Park",
  email: "jordan@example.com",
  phone: "",
  smsConsent: false,
  items: [{ startTime: "17:00", endTime: "18:30" }],
};

describe("checkBookingForm (SPEC §5 Public booking, Form)", () => {
  it.each([
    ["terms not accepted", { termsAccepted: false, name: "" }, M.terms],
    ["blank name (trimmed)", { name: "   " }, M.name],
    ["blank email", { email: " " }, M.email],
    ["malformed email", { email: "jordan@" }, M.emailFormat],
    ["phone without consent", { phone: "512 555 0100" }, M.smsConsent],
    ["an item without a start", { items: [{ startTime: null, endTime: "18:30" }] }, M.timeSlot],
    ["an item without an end", { items: [{ startTime: "17:00" }] }, M.timeSlot],
    ["empty cart", { items: [] }, M.emptyCart],
  ])("%s", (_label, overrides, message) => {
    expect(checkBookingForm({ ...valid, ...overrides })).toBe(message);
  });

  it("accepts a complete form, with or without a consented phone", () => {
    expect(checkBookingForm(valid)).toBeNull();
    expect(checkBookingForm({ ...valid, phone: "512 555 0100", smsConsent: true })).toBeNull();
  });
});

describe("bookingFormProblem: the field each message belongs to", () => {
  it.each([
    [{ termsAccepted: false }, "termsAccepted"],
    [{ name: " " }, "name"],
    [{ email: "" }, "email"],
    [{ email: "jordan@" }, "email"],
    [{ phone: "512 555 0100" }, "smsConsent"],
    [{ items: [] }, "items"],
  ])("%j → %s", (overrides, field) => {
    const problem = bookingFormProblem({ ...valid, ...overrides });
    expect(problem?.field).toBe(field);
    expect(problem?.message).toBe(checkBookingForm({ ...valid, ...overrides }));
  });
});

describe("checkCouponForm (SPEC §5 Public booking, Coupon)", () => {
  it("needs a code, then items", () => {
    expect(checkCouponForm(" ", 0)).toBe("Please enter a coupon code");
    expect(checkCouponForm("WELCOME10", 0)).toBe("Please add items to your cart before applying a coupon");
    expect(checkCouponForm("WELCOME10", 1)).toBeNull();
  });
});

describe("labels", () => {
  it("formats the venue date and the slot-taken message", () => {
    expect(formatVenueDateShort("2026-11-23")).toBe("Mon, Nov 23");
    expect(formatVenueDateShort("2026-03-08")).toBe("Sun, Mar 8");
    expect(slotTakenMessage("court", "2026-11-23", "5:00 PM - 6:30 PM")).toBe(
      "Court time Mon, Nov 23 5:00 PM - 6:30 PM is no longer available",
    );
    expect(slotTakenMessage("dart_bay", "2026-11-01", "7:00 PM - 8:00 PM")).toBe(
      "Dart bay time Sun, Nov 1 7:00 PM - 8:00 PM is no longer available",
    );
  });
});
