import { describe, expect, it } from "vitest";
import { describeAuditChange } from "./describe-audit-change";

describe("describeAuditChange (issue 33)", () => {
  it.each([
    [{}, null],
    [{ before: { role: "manager" }, after: { role: "front_desk" } }, "role: manager → front_desk"],
    [{ before: { status: "confirmed", court: 1 }, after: { status: "confirmed", court: 2 } }, "court: 1 → 2"],
    [{ before: null, after: { email: "a@b.c", role: "manager" } }, "added: email a@b.c, role manager"],
    [{ before: { code: "SAVE10" }, after: null }, "removed: code SAVE10"],
    [{ before: { a: 1 }, after: { a: 1 } }, "no change"],
    [{ before: { note: null }, after: { note: "" } }, "note: none → empty"],
  ])("%j → %j", (details, words) => {
    expect(describeAuditChange(details)).toBe(words);
  });
});
