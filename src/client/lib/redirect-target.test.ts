import { describe, expect, it } from "vitest";
import { homeFor, intendedPath, safeRedirect } from "./redirect-target";

describe("safeRedirect", () => {
  it.each([
    ["/book?member=abc", "/book?member=abc"],
    ["/admin/coupons", "/admin/coupons"],
    ["//evil.example/x", null],
    ["/\\evil.example", null],
    ["https://evil.example", null],
    ["book", null],
    ["", null],
    [null, null],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("intendedPath", () => {
  it("prefers ?redirect= over the guard's state, and refuses another site", () => {
    expect(intendedPath("?redirect=%2Fbook%3Fmember%3D7", { from: "/my-profile" })).toBe("/book?member=7");
    expect(intendedPath("", { from: "/my-profile" })).toBe("/my-profile");
    expect(intendedPath("?redirect=%2F%2Fevil.example", null)).toBeNull();
    expect(intendedPath("", null)).toBeNull();
  });
});

describe("homeFor", () => {
  it("sends staff to the dashboard, members to their free reservations, others to booking", () => {
    expect(homeFor({ isAdmin: true, isMember: true })).toBe("/admin");
    expect(homeFor({ isAdmin: false, isMember: true })).toBe("/member-reservations");
    expect(homeFor({ isAdmin: false, isMember: false })).toBe("/");
  });
});
