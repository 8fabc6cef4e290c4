import type { AdminFacilityType } from "../../../../contracts/admin";

// The staff screens' query keys, so a change anywhere refreshes what it affects.
export const adminKeys = {
  all: ["admin"] as const,
  stats: ["admin", "stats"] as const,
  day: (date: string, type: AdminFacilityType) => ["admin", "day", date, type] as const,
  days: ["admin", "day"] as const,
  available: (params: Record<string, string>) => ["admin", "available", params] as const,
  members: ["admin", "members"] as const,
  coupons: ["admin", "coupons"] as const,
  audit: (filters: Record<string, string>) => ["admin", "audit", filters] as const,
};
