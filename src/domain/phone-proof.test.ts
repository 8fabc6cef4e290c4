import { describe, expect, it } from "vitest";
import { optOutKeyword, PHONE_CODE_LIMITS, phoneCodeDecision } from "./phone-proof";

const MIN = 60_000;
const NOW = Date.parse("2026-11-18T15:00:00Z");

describe("phoneCodeDecision (issue 30 item 2)", () => {
  it.each([
    ["no code yet", [], { send: true }],
    ["one 14 minutes ago", [NOW - 14 * MIN], { send: false, retryAfterSeconds: 60 }],
    ["one 15 minutes ago", [NOW - 15 * MIN], { send: true }],
    [
      "three today, the last an hour ago",
      [NOW - 5 * 60 * MIN, NOW - 3 * 60 * MIN, NOW - 60 * MIN],
      { send: false, retryAfterSeconds: 19 * 3600 },
    ],
    ["three, the first a day ago", [NOW - 24 * 60 * MIN, NOW - 3 * 60 * MIN, NOW - 60 * MIN], { send: true }],
  ] as const)("%s", (_name, sent, expected) => {
    expect(phoneCodeDecision([...sent], NOW)).toEqual(expected);
  });

  it(`80 requests in one minute send ${1} code`, () => {
    const sent: number[] = [];
    for (let i = 0; i < 80; i++) {
      const at = NOW + i * 750;
      if (phoneCodeDecision(sent, at).send) sent.push(at);
    }
    expect(sent).toHaveLength(1);
    expect(PHONE_CODE_LIMITS.perDay).toBeLessThanOrEqual(3);
  });
});

describe("optOutKeyword", () => {
  it.each([
    ["STOP", "stop"],
    [" stop ", "stop"],
    ["Unsubscribe", "stop"],
    ["START", "start"],
    ["stop please", null],
    ["Hello", null],
  ])("%j → %s", (body, expected) => {
    expect(optOutKeyword(body)).toBe(expected);
  });
});
