import { describe, expect, it } from "vitest";
import { addressGroup } from "./address-group";

// ISSUE 30 item 10: per-address limits group IPv6 by its /64 network.
describe("addressGroup", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0000:0000:0000:0009", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (ip, group) => {
    expect(addressGroup(ip)).toBe(group);
  });

  it("two addresses of one /64 are one group; the next /64 is another", () => {
    expect(addressGroup("2001:db8:1:2::a")).toBe(addressGroup("2001:db8:1:2:ffff::b"));
    expect(addressGroup("2001:db8:1:3::a")).not.toBe(addressGroup("2001:db8:1:2::a"));
  });
});
