import { formatCents } from "../../../../domain/money";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-12-08" → "Dec 8, 2026" (SPEC §2: "Canceling on {Mon d, yyyy}", coupon validity). */
export function formatDateMedium(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** SPEC §2 Coupon Codes, Discount: "v%" or "$v.vv". */
export function formatDiscount(type: "percentage" | "fixed_amount", value: number): string {
  return type === "percentage" ? `${Number(value.toFixed(2))}%` : formatCents(Math.round(value * 100));
}

/** SPEC §2 Coupon Codes, Usage: "current_uses / max_uses", or current_uses alone. */
export function formatUsage(currentUses: number, maxUses: number | null): string {
  return maxUses === null ? String(currentUses) : `${currentUses} / ${maxUses}`;
}

export const facilityLabel = (type: "court" | "dart_bay") => (type === "court" ? "Court" : "Dart Bay");
