import { desc, eq } from "drizzle-orm";
import type { AdminCoupon, CouponValues } from "../../contracts/admin-coupons";
import { COUPON_MESSAGES } from "../../contracts/admin-coupons";
import { centsToDollarsString, dollarsToCents } from "../../domain/money";
import type { Db } from "../db/client";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "../db/pg-errors";
import { couponCodes } from "../db/schema";
import { AppError } from "../errors";
import { present } from "../kernel/present";

// SPEC §2 Coupon Codes, §7 Coupons: list (newest first), create, update, delete. The body was
// checked by the contract (SPEC §5 Coupon); codes are unique whatever their case (a unique index
// on lower(code) decides, so two staff creating the same code at once cannot both succeed).

type CouponRow = typeof couponCodes.$inferSelect;

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    type: row.type === "fixed_amount" ? "fixed_amount" : "percentage",
    value: Number(row.value),
    startDate: row.startDate,
    endDate: row.endDate,
    minPurchaseAmount: row.minPurchaseCents / 100,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

function toColumns(input: CouponValues, now: Date) {
  return {
    code: input.code,
    description: input.description?.trim() || null,
    type: input.type,
    // numeric(10,2): written as text so 12.5 is stored as 12.50 exactly.
    value: centsToDollarsString(dollarsToCents(input.value)),
    startDate: input.startDate,
    endDate: input.endDate,
    minPurchaseCents: input.minPurchaseAmount == null ? 0 : dollarsToCents(input.minPurchaseAmount),
    maxUses: input.maxUses ?? null,
    isActive: input.isActive,
    updatedAt: now,
  };
}

function refuseDuplicate(err: unknown): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw new AppError("CONFLICT", COUPON_MESSAGES.codeTaken);
  throw err;
}

export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  const rows = await db.select().from(couponCodes).orderBy(desc(couponCodes.createdAt), desc(couponCodes.id));
  return rows.map(toAdminCoupon);
}

export async function createCoupon(db: Db, input: CouponValues, now: Date): Promise<AdminCoupon> {
  const [row] = await db
    .insert(couponCodes)
    .values({ ...toColumns(input, now), createdAt: now })
    .returning()
    .catch(refuseDuplicate);
  return toAdminCoupon(present(row));
}

export async function updateCoupon(db: Db, id: string, input: CouponValues, now: Date): Promise<AdminCoupon> {
  const [row] = await db
    .update(couponCodes)
    .set(toColumns(input, now))
    .where(eq(couponCodes.id, id))
    .returning()
    .catch(refuseDuplicate);
  if (!row) throw new AppError("NOT_FOUND", "Coupon not found");
  return toAdminCoupon(row);
}

/** Holds that carried the coupon keep their discount (the reference is set to null). */
export async function deleteCoupon(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(couponCodes)
    .where(eq(couponCodes.id, id))
    .returning({ id: couponCodes.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Coupon not found");
}
