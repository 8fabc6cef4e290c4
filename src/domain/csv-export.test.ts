import { describe, expect, it } from "vitest";
import { csvCell, csvLine, exportRangeProblem, money } from "./csv-export";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, and makes formulas inert", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(
        csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`),
      ).toBe(true);
    expect(csvCell("=SUM(A1,A2)")).toBe(`"'=SUM(A1,A2)"`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(money(123456))).toBe("1234.56");
    expect(csvCell(money(5))).toBe("0.05");
    expect(csvLine(["a", 2, null, money(100)])).toBe("a,2,,1.00\r\n");
  });
});

describe("export range", () => {
  it("takes up to 3 years, refuses an end before the start or a longer range", () => {
    expect(exportRangeProblem("2025-01-01", "2025-01-01")).toBeNull();
    expect(exportRangeProblem("2024-01-01", "2026-12-31")).toBeNull();
    expect(exportRangeProblem("2024-01-01", "2027-01-01")?.message).toBe(
      "A range can cover at most 3 years.",
    );
    expect(exportRangeProblem("2025-01-02", "2025-01-01")).toEqual({
      field: "to",
      message: "The end date must be on or after the start date.",
    });
    expect(exportRangeProblem("2025-02-30", "2025-03-01")?.field).toBe("from");
  });
});
