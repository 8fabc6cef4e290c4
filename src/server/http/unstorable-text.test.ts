import { describe, expect, it } from "vitest";
import { findUnstorableText } from "./unstorable-text";

describe("findUnstorableText", () => {
  it.each([
    ["a NUL character", { name: "a\u0000b" }, ["name"]],
    ["a lone high surrogate", { name: "\u202e\ud800\u202e" }, ["name"]],
    ["a lone low surrogate", { list: ["ok", "x\udc00"] }, ["list", "1"]],
    ["a surrogate pair cut at the end", { name: "🎾".slice(0, 1) }, ["name"]],
  ])("finds %s", (_label, input, path) => {
    expect(findUnstorableText(input)).toEqual(path);
  });

  it.each([
    ["emoji (a whole surrogate pair)", { name: "Court 🎾" }],
    ["right-to-left text", { name: "\u202eמגרש" }],
    ["numbers and nulls", { a: 1, b: null, c: [true] }],
  ])("lets %s through", (_label, input) => {
    expect(findUnstorableText(input)).toBeNull();
  });
});
