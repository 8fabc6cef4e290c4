import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText } from "./ics";

describe("buildIcs", () => {
  it("writes UTC times, escapes text and folds long lines", () => {
    const ics = buildIcs({
      productName: "Backspin Social",
      now: new Date("2026-11-20T12:00:00Z"),
      events: [
        {
          uid: "r1@venue",
          start: new Date("2026-11-23T23:00:00Z"),
          end: new Date("2026-11-24T00:30:00Z"),
          summary: "Court 3, Backspin; Social",
          location: "1200 Example Avenue, Austin, TX 78701 — a rather long address line that must fold",
        },
      ],
    });
    expect(ics).toContain("DTSTART:20261123T230000Z\r\n");
    expect(ics).toContain("DTEND:20261124T003000Z\r\n");
    expect(ics).toContain("SUMMARY:Court 3\\, Backspin\\; Social\r\n");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain("must fold");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("escapes backslashes and newlines", () => {
    expect(escapeIcsText("a\\b\nc")).toBe("a\\\\b\\nc");
  });
});
