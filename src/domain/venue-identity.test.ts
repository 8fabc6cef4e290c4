import { describe, expect, it } from "vitest";
import { brandColorProblem, brandShades, DEFAULT_BRAND_COLOR, whiteContrast } from "./venue-identity";

describe("the brand colour keeps white text readable (issue 31, WCAG AA 4.5:1)", () => {
  it.each([
    ["#077352", null],
    ["#1d4ed8", null],
    ["#000000", null],
    ["#ffffff", "too light"],
    ["#ffeb3b", "too light"],
    ["#12b886", "too light"],
    ["teal", "#rrggbb"],
    ["#12345", "#rrggbb"],
  ])("%s", (hex, problem) => {
    const found = brandColorProblem(hex);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it("measures contrast as WCAG does", () => {
    expect(whiteContrast("#000000")).toBeCloseTo(21, 5);
    expect(whiteContrast("#ffffff")).toBeCloseTo(1, 5);
    expect(whiteContrast("#767676")).toBeCloseTo(4.54, 2);
  });

  it("gives ten shades, the colour itself at 8, tints lighter above and a darker 9", () => {
    const shades = brandShades("#1d4ed8");
    expect(shades).toHaveLength(10);
    expect(shades[8]).toBe("#1d4ed8");
    for (let i = 1; i < 8; i++) {
      expect(whiteContrast(shades[i] ?? "") ?? 0).toBeGreaterThan(whiteContrast(shades[i - 1] ?? "") ?? 0);
    }
    // Text in shade 9 on the lightest tints stays readable.
    expect(whiteContrast(shades[9] ?? "") ?? 0).toBeGreaterThan(whiteContrast("#1d4ed8") ?? 0);
    expect(brandShades("nonsense")[8]).toBe(DEFAULT_BRAND_COLOR);
  });
});
