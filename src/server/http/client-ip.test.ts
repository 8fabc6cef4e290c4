import { describe, expect, it } from "vitest";
import { forwardedClientIp } from "./client-ip";

// Behind nginx (`proxy_add_x_forwarded_for`) the header is "<what the client sent>, <real address>".
describe("forwardedClientIp", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["198.51.100.1, 203.0.113.7", "203.0.113.7"],
    ["1.1.1.1, 2.2.2.2,203.0.113.7 ", "203.0.113.7"],
    ["2001:db8::1", "2001:db8::1"],
    ["198.51.100.1, 2001:db8::1", "2001:db8::1"],
  ])("takes the proxy-appended (right-most) entry of %j", (header, expected) => {
    expect(forwardedClientIp(header)).toBe(expected);
  });

  it("ignores a spoofed left-most entry", () => {
    expect(forwardedClientIp("10.9.8.7, 127.0.0.5")).toBe("127.0.0.5");
  });

  it.each([[undefined], [null], [""], ["   "], ["not-an-address"], ["203.0.113.7, "], ["203.0.113.7:443"]])(
    "treats %j as no forwarded address",
    (header) => {
      expect(forwardedClientIp(header)).toBeUndefined();
    },
  );
});
