import { describe, expect, it } from "vitest";
import { htmlEncoding } from "./static-files";

describe("htmlEncoding (the page's HTML is sent compressed when the browser accepts it)", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5", "br"],
    ["identity", null],
    [undefined, null],
    ["gzip;q=0", null],
  ])("%s → %s", (header, expected) => {
    expect(htmlEncoding(header)).toBe(expected);
  });
});
