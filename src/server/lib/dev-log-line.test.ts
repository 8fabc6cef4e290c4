import { describe, expect, it } from "vitest";
import { devLogLine, requestTarget } from "./dev-log-line";

// 2026-03-08 14:05:09 UTC (TZ=UTC in the unit project): the clock development prints.
const time = Date.UTC(2026, 2, 8, 14, 5, 9);
const access = (over: Record<string, unknown>) => ({
  level: 30,
  time,
  pid: 1,
  hostname: "h",
  reqId: "r",
  method: "GET",
  path: "/api/booking/availability",
  route: "/api/booking/availability",
  status: 200,
  ms: 3.1,
  ip: "127.0.0.1",
  msg: "request",
  ...over,
});

describe("development's line per request", () => {
  it.each([
    ["a route without parameters", {}, "14:05:09 GET /api/booking/availability 200 3.1 ms\n"],
    [
      "a route's template, never its ids or tokens",
      {
        method: "DELETE",
        path: "/api/holds/0f9c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
        route: "/api/holds/:id",
        status: 204,
      },
      "14:05:09 DELETE /api/holds/:id 204 3.1 ms\n",
    ],
    [
      "a page served by the catch-all: the path with its token hidden",
      { path: "/manage/Zk3x9QvT2mLp8RwY4nB6cD1e", route: "/*" },
      "14:05:09 GET /manage/:token 200 3.1 ms\n",
    ],
    [
      "a logged route template alone (no path)",
      { path: undefined, route: "/manage/:token" },
      "14:05:09 GET /manage/:token 200 3.1 ms\n",
    ],
  ])("%s", (_name, over, line) => {
    expect(devLogLine(access(over), false)).toBe(line);
  });

  it("colours the status by class only when colours are on", () => {
    expect(devLogLine(access({ status: 503 }), true)).toContain("\u001b[31m503\u001b[39m");
    expect(devLogLine(access({ status: 409 }), true)).toContain("\u001b[33m409\u001b[39m");
    expect(devLogLine(access({ status: 409 }), false)).not.toContain("\u001b");
  });
});

describe("development's other lines", () => {
  it("an info entry: its message and fields on one line", () => {
    expect(devLogLine({ level: 30, time, pid: 1, hostname: "h", msg: "outbox sent", count: 2 }, false)).toBe(
      "14:05:09 outbox sent count=2\n",
    );
  });

  it("a warning stands out: a label and colour, its fields kept", () => {
    const entry = { level: 40, time, msg: "demo accounts present", accounts: ["a@b.c"] };
    expect(devLogLine(entry, false)).toBe('14:05:09 WARN demo accounts present accounts=["a@b.c"]\n');
    expect(devLogLine(entry, true)).toContain("\u001b[33mWARN\u001b[39m");
  });

  it("an error: its stack under the line", () => {
    const entry = {
      level: 50,
      time,
      msg: "unhandled",
      err: { message: "boom", stack: "Error: boom\n    at x" },
    };
    expect(devLogLine(entry, false)).toBe("14:05:09 ERROR unhandled\nError: boom\n    at x\n");
  });
});

describe("requestTarget", () => {
  it.each([
    ["/*", "/events/12", "/events/12"],
    ["/*", "/reset-password", "/reset-password"],
    ["/*", "/assets/index-DfG7k2Lm9xQa3Pw.js", "/assets/index-DfG7k2Lm9xQa3Pw.js"],
    ["/*", "/waitlist/0f9c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6", "/waitlist/:token"],
    ["/test-checkout/:session", "/test-checkout/cs_test_123456789abcdefgh", "/test-checkout/:session"],
  ])("route %s, path %s → %s", (route, path, target) => {
    expect(requestTarget(route, path)).toBe(target);
  });
});
