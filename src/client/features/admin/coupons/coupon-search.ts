import type { AdminCoupon } from "../../../../contracts/admin-coupons";

/** Issue 14: the coupon list's search, case-insensitive over the code and the description. */
export function searchCoupons(coupons: readonly AdminCoupon[], search: string): AdminCoupon[] {
  const needle = search.trim().toLowerCase();
  if (needle === "") return [...coupons];
  return coupons.filter(
    (c) => c.code.toLowerCase().includes(needle) || (c.description ?? "").toLowerCase().includes(needle),
  );
}
