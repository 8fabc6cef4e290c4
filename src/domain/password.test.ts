import { describe, expect, it } from "vitest";
import { checkNewPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password";

describe("checkNewPassword", () => {
  it.each([
    ["secret", "secret", null],
    ["longer password", "longer password", null],
    ["secret", "secreT", "Passwords do not match"],
    ["abc", "abcd", "Passwords do not match"], // mismatch is reported first
    ["abcde", "abcde", "Password must be at least 6 characters"],
    ["", "", "Password must be at least 6 characters"],
    ["x".repeat(128), "x".repeat(128), null],
    ["x".repeat(129), "x".repeat(129), "Password must be at most 128 characters"],
  ])("%j / %j → %j", (password, confirm, message) => {
    expect(checkNewPassword(password, confirm)).toBe(message);
  });

  it("uses the caller's mismatch text", () => {
    expect(checkNewPassword("secret1", "secret2", "New passwords do not match")).toBe(
      "New passwords do not match",
    );
  });

  it("is 6 to 128 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(MAX_PASSWORD_LENGTH).toBe(128);
  });
});
