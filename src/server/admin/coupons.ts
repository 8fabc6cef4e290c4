import { desc, eq } from "drizzle-orm";
import type { AdminCoupon, CouponValues } from "../../contracts/admin-coupons";
import { COUPON_MESSAGES } from "../../contracts/admin-coupons";
import { couponStatus } from "../../domain/coupons";
import { centsToDollarsString, dollarsToCents } from "../../domain/money";
import type { Db, Tx } from "../db/client";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "../db/pg-errors";
import { couponCodes } from "../db/schema";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";

// SPEC §2 Coupon Codes, §7 Coupons: list (newest first), create, update, delete. The body was
// checked by the contract (SPEC §5 Coupon); codes are unique whatever their case (a unique index
// on lower(code) decides, so two staff creating the same code at once cannot both succeed).

type CouponRow = typeof couponCodes.$inferSelect;

export function toAdminCoupon(row: CouponRow, now: Date): AdminCoupon {
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
    status: couponStatus({ ...row, endDate: row.endDate }, now),
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

export async function listCoupons(db: Db, now: Date): Promise<AdminCoupon[]> {
  const rows = await db.select().from(couponCodes).orderBy(desc(couponCodes.createdAt), desc(couponCodes.id));
  return rows.map((row) => toAdminCoupon(row, now));
}

/** Issue 33: what the audit log keeps of a coupon, before and after a change. */
function couponFacts(coupon: AdminCoupon) {
  const { id: _id, status: _status, currentUses: _uses, createdAt: _created, ...facts } = coupon;
  return facts;
}

type Actor = { id: string };

async function auditCoupon(
  tx: Tx,
  actor: Actor,
  action: "create_coupon" | "update_coupon" | "delete_coupon",
  at: Date,
  before: AdminCoupon | null,
  after: AdminCoupon | null,
) {
  const coupon = present(after ?? before);
  await writeAudit(tx, {
    action,
    targetType: "coupon",
    targetId: coupon.id,
    targetLabel: coupon.code,
    actorUserId: actor.id,
    outcome: "success",
    at,
    details: { before: before && couponFacts(before), after: after && couponFacts(after) },
  });
}

export async function createCoupon(
  db: Db,
  actor: Actor,
  input: CouponValues,
  now: Date,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(couponCodes)
      .values({ ...toColumns(input, now), createdAt: now })
      .returning()
      .catch(refuseDuplicate);
    const created = toAdminCoupon(present(row), now);
    await auditCoupon(tx, actor, "create_coupon", now, null, created);
    return created;
  });
}

export async function updateCoupon(
  db: Db,
  actor: Actor,
  id: string,
  input: CouponValues,
  now: Date,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(couponCodes).where(eq(couponCodes.id, id)).for("update");
    if (!old) throw new AppError("NOT_FOUND", "Coupon not found");
    const [row] = await tx
      .update(couponCodes)
      .set(toColumns(input, now))
      .where(eq(couponCodes.id, id))
      .returning()
      .catch(refuseDuplicate);
    const updated = toAdminCoupon(present(row), now);
    await auditCoupon(tx, actor, "update_coupon", now, toAdminCoupon(old, now), updated);
    return updated;
  });
}

/** Holds that carried the coupon keep their discount (the reference is set to null). */
export async function deleteCoupon(db: Db, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(couponCodes).where(eq(couponCodes.id, id)).returning();
    if (!deleted) throw new AppError("NOT_FOUND", "Coupon not found");
    await auditCoupon(tx, actor, "delete_coupon", now, toAdminCoupon(deleted, now), null);
  });
}
