import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../../contracts/auth";
import { desktopLinks, mobileLinks } from "./nav-links";

const user = (over: Partial<CurrentUser>): CurrentUser => ({
  id: "u1",
  email: "a@b.c",
  firstName: "A",
  lastName: "B",
  phone: null,
  isMember: false,
  isAdmin: false,
  staffRole: null,
  ...over,
});
const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe("navigation links (SPEC §2 Navigation bar)", () => {
  it.each([
    ["guest", null, ["Play", "Events", "Member Login"], ["Play", "Events", "Join Club", "Member Login"]],
    [
      "member",
      user({ isMember: true }),
      ["Play", "Events", "My Reservations", "Book Free Court", "My Profile"],
      ["My Profile", "Home", "Book Free Court", "Events", "My Reservations"],
    ],
    [
      "admin",
      user({ isAdmin: true, isMember: true }),
      ["Play", "Admin", "My Profile"],
      ["My Profile", "Admin Dashboard", "Play"],
    ],
  ])("%s", (_name, who, desktop, mobile) => {
    expect(labels(desktopLinks(who))).toEqual(desktop);
    expect(labels(mobileLinks(who, "Club"))).toEqual(mobile);
  });
});
