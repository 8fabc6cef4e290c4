import { describe, expect, it } from "vitest";
import {
  checkAdminRegistrationForm,
  checkRegistrationForm,
  emptyToNull,
  registrationPriceCents,
  registrationReference,
} from "./event-registration";

const form = { customerName: "Jordan", customerEmail: "j@example.test", playerNames: "", skillLevel: "" };
const plain = { isPartnered: false, skillLevels: [] };
const tournament = { isPartnered: true, skillLevels: ["3.0", "3.5"] };

describe("checkRegistrationForm (SPEC §5 Event registration)", () => {
  it.each([
    [{ ...form, customerName: " " }, plain, "Please enter a customer name"],
    [{ ...form, customerEmail: "" }, plain, "Please enter an email address"],
    [{ ...form, customerEmail: "nope" }, plain, "Please enter a valid email address"],
    [{ ...form, playerNames: " \n " }, tournament, "Please enter player names for your tournament team"],
    [{ ...form, playerNames: "A\nB" }, tournament, "Please select a skill level"],
    [
      { ...form, playerNames: "A\nB", skillLevel: "5.0" },
      tournament,
      "Please select one of the event's skill levels",
    ],
    [{ ...form, playerNames: "A\nB", skillLevel: "3.5" }, tournament, null],
    [form, plain, null],
  ])("%j for %j → %s", (input, event, message) => {
    expect(checkRegistrationForm(input, event)).toBe(message);
  });
});

describe("checkAdminRegistrationForm (SPEC §5 Admin add registration)", () => {
  it.each([
    [{ ...form, customerName: "" }, "Customer name is required"],
    [{ ...form, customerEmail: "  " }, "Customer email is required"],
    [form, null],
  ])("%j → %s", (input, message) => {
    expect(checkAdminRegistrationForm(input)).toBe(message);
  });
});

describe("prices", () => {
  it("members pay the member price, everyone else the non-member price", () => {
    const event = { memberPriceCents: 0, nonMemberPriceCents: 1500 };
    expect(registrationPriceCents(event, true)).toBe(0);
    expect(registrationPriceCents(event, false)).toBe(1500);
  });

  it("stores empty optional text as null", () => {
    expect(emptyToNull("  ")).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(" 3.5 ")).toBe("3.5");
  });
});

describe("registrationReference (issue 34)", () => {
  it("reads the first 8 hex digits of the id, upper case, after EV-", () => {
    expect(registrationReference("3f2a9c1d-0b7e-4c55-9a1e-123456789abc")).toBe("EV-3F2A9C1D");
  });
});
