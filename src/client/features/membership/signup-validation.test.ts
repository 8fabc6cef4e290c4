import { describe, expect, it } from "vitest";
import { checkSignupForm, type SignupFields } from "./signup-validation";

const valid: SignupFields = {
  firstName: " Jamie ",
  lastName: "Joiner",
  email: "jamie@example.test ",
  phone: "(512) 555-0199",
  password: "secret1",
  confirmPassword: "secret1",
};

describe("checkSignupForm (SPEC §5 Signup)", () => {
  it("trims, normalises the phone to +1…, and keeps the plan", () => {
    expect(checkSignupForm(valid, "annual", "(512) 555-0142")).toEqual({
      ok: true,
      request: {
        email: "jamie@example.test",
        plan: "annual",
        firstName: "Jamie",
        lastName: "Joiner",
        phone: "+15125550199",
        password: "secret1",
      },
    });
    const noPhone = checkSignupForm({ ...valid, phone: "" }, "monthly", "x");
    expect(noPhone.ok && noPhone.request.phone).toBeNull();
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: " " }, "lastName", "Last name is required"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "jamie@" }, "email", "Please enter a valid email address"],
    [{ confirmPassword: "secret2" }, "confirmPassword", "Passwords do not match"],
    [{ password: "abc", confirmPassword: "abc" }, "password", "Password must be at least 6 characters"],
    [
      { phone: "555-0199" },
      "phone",
      "Invalid phone number. Please enter a valid 10-digit US phone number (e.g. (512) 555-0142).",
    ],
    [{ phone: "2 512 555 0199" }, "phone", expect.stringContaining("Invalid phone number")],
  ])("%j → %s: %s", (overrides, field, message) => {
    const result = checkSignupForm({ ...valid, ...overrides }, "monthly", "(512) 555-0142");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field as keyof SignupFields]).toEqual(message);
  });

  it("tells the problems in the form's order, whatever the contract's order", () => {
    const result = checkSignupForm({ ...valid, firstName: "", email: "" }, "monthly", "x");
    expect(!result.ok && Object.keys(result.errors)).toEqual(["firstName", "email"]);
  });
});
