import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { documentTitle, pageName } from "./pages";

describe("pageName: the app's pages and their titles (issue 34)", () => {
  it.each([
    ["/", "Book a Court or Dart Bay"],
    ["/book", "Book a Court or Dart Bay"],
    ["/book/", "Book a Court or Dart Bay"],
    ["/events", "Upcoming Events"],
    ["/events/3f2a", "Event"],
    ["/admin/events/3f2a/edit", "Edit Event"],
    ["/manage/abcdefabcdefabcdefabcdef", "Your Booking"],
    ["/my-reservations", "My Reservations"],
  ])("%s is %s", (path, name) => {
    expect(pageName(path)).toBe(name);
  });

  it.each([["/nope"], ["/book/extra"], ["/events/1/2"], ["/admin/unknown"], ["/api"], ["/Book"]])(
    "%s has no page",
    (path) => {
      expect(pageName(path)).toBeNull();
    },
  );

  it("every route of the router has a page here, with its own title", () => {
    const router = readFileSync(join(import.meta.dirname, "../client/router.tsx"), "utf8");
    const paths = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1] ?? "").filter((p) => p !== "*");
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      expect(pageName(path.replace(/:[^/]+/g, "x")), path).not.toBeNull();
    }
  });

  it("puts the page before the venue", () => {
    expect(documentTitle("My Profile", "Backspin Social")).toBe("My Profile · Backspin Social");
  });
});
