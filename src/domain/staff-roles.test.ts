import { describe, expect, it } from "vitest";
import { grantableRoles, hasStaffRole, roleRequirement, type StaffRole } from "./staff-roles";

describe("staff roles (issue 33)", () => {
  it.each<[StaffRole | null, StaffRole, boolean]>([
    [null, "front_desk", false],
    ["front_desk", "front_desk", true],
    ["front_desk", "manager", false],
    ["front_desk", "owner", false],
    ["manager", "front_desk", true],
    ["manager", "manager", true],
    ["manager", "owner", false],
    ["owner", "front_desk", true],
    ["owner", "manager", true],
    ["owner", "owner", true],
  ])("%s may do what needs %s: %s", (role, needed, allowed) => {
    expect(hasStaffRole(role, needed)).toBe(allowed);
  });

  it("only the owner grants roles, any of the three", () => {
    expect(grantableRoles("owner")).toEqual(["owner", "manager", "front_desk"]);
    expect(grantableRoles("manager")).toEqual([]);
    expect(grantableRoles("front_desk")).toEqual([]);
    expect(grantableRoles(null)).toEqual([]);
  });

  it("says who may do it", () => {
    expect(roleRequirement("manager")).toBe("Only a manager or the owner can do this");
    expect(roleRequirement("owner")).toBe("Only the owner can do this");
  });
});
