import { isIPv4, isIPv6 } from "node:net";

/**
 * The unit a per-address limit counts (issue 30 item 10): an IPv4 address as it is, an IPv6 address
 * by its /64 network. One household, phone or venue network is handed a whole /64 and may use any
 * address in it, so counting each IPv6 address alone would let one visitor step around every limit
 * by changing the last 64 bits. An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const hextets = expandIpv6(ip.split("%")[0] ?? ip);
  return `${hextets.slice(0, 4).join(":")}::/64`;
}

/** The eight hextets of an IPv6 address, lower case without leading zeros ("2001:db8::1" → 8 parts). */
function expandIpv6(ip: string): string[] {
  const [head = "", tail] = ip.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":"));
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 in the last 32 bits (::1.2.3.4) is two hextets.
  const last = (tail === undefined ? left : right).at(-1);
  if (last && isIPv4(last)) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split(".").map(Number);
    const pair = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...pair];
    else right = [...right.slice(0, -1), ...pair];
  }
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((h) => Number.parseInt(h, 16).toString(16));
}
