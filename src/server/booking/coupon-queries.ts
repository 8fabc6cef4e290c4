import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { CouponRule } from "../../domain/coupons";
import { dollarsToCents } from "../../domain/money";
import type { Db, Tx } from "../db/client";
import { couponCodes, holds } from "../db/schema";

export type CouponRow = typeof couponCodes.$inferSelect;

/**
 * The coupon (by code, case-insensitive, or by id with `byId`) as the domain rule reads it. heldUses: DECISIONS.md, a hold that carries a coupon
 * reserves one use while it runs — counted here as the active holds that have not yet ended.
 * `lock` takes the coupon row FOR UPDATE so two checkouts cannot both take its last use.
 */
export async function loadCouponRule(
  executor: Db | Tx,
  code: string,
  now: Date,
  options: { lock?: boolean; excludeHoldId?: string; byId?: boolean } = {},
): Promise<{ row: CouponRow; rule: CouponRule } | null> {
  const query = executor
    .select()
    .from(couponCodes)
    .where(options.byId ? eq(couponCodes.id, code) : sql`lower(${couponCodes.code}) = lower(${code.trim()})`)
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return null;
  const [held] = await executor
    .select({ n: count() })
    .from(holds)
    .where(
      and(
        eq(holds.couponId, row.id),
        eq(holds.status, "active"),
        gt(holds.expiresAt, now),
        options.excludeHoldId ? ne(holds.id, options.excludeHoldId) : undefined,
      ),
    );
  return { row, rule: toCouponRule(row, held?.n ?? 0) };
}

export function toCouponRule(row: CouponRow, heldUses: number): CouponRule {
  const type = row.type === "fixed_amount" ? "fixed_amount" : "percentage";
  return {
    code: row.code,
    type,
    // Percentages stay numbers (12.5 = 12.5%); fixed amounts become cents.
    value: type === "percentage" ? Number(row.value) : dollarsToCents(row.value),
    startDate: row.startDate,
    endDate: row.endDate,
    minPurchaseCents: row.minPurchaseCents,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    heldUses,
    isActive: row.isActive,
  };
}
