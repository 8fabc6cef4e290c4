import { z } from "zod";
import { dateString } from "./common";

// SPEC §2 Coupon Codes, §3 coupon_codes, §5 Coupon. The same schema checks the form in the browser
// and the body on the server, so both refuse the same values with the same words.

export const COUPON_MESSAGES = {
  code: "Code is required",
  codeFormat: "Code may contain only letters, numbers, - and _",
  codeTaken: "A coupon with this code already exists",
  value: "Value is required",
  valueMin: "Value must be at least 0.01",
  valueStep: "Value must be in steps of 0.01",
  percentMax: "A percentage cannot be more than 100",
  startDate: "Start date is required",
  endDate: "End date is required",
  dateOrder: "End date must be on or after the start date",
  minPurchase: "Min purchase amount must be at least 0",
  minPurchaseStep: "Min purchase amount must be in steps of 0.01",
  maxUses: "Max uses must be a whole number of at least 1",
} as const;

/** Hundredths only: 0.01 and 12.5 pass, 0.005 does not (floating point forgiven to 1e-7). */
export const isCentStep = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;

const MAX_AMOUNT = 100_000;

export const couponType = z.enum(["percentage", "fixed_amount"], { error: "Type is required" });

export const couponInput = z
  .object({
    code: z
      .string({ error: COUPON_MESSAGES.code })
      .trim()
      .min(1, COUPON_MESSAGES.code)
      .max(40, "Code must be at most 40 characters")
      .regex(/^[A-Za-z0-9_-]+$/, COUPON_MESSAGES.codeFormat),
    description: z.string().trim().max(500).nullish(),
    type: couponType,
    /** Percent off (10 = 10%) or dollars off (5 = $5.00). */
    value: z
      .number({ error: COUPON_MESSAGES.value })
      .min(0.01, COUPON_MESSAGES.valueMin)
      .max(MAX_AMOUNT, `Value must be at most ${MAX_AMOUNT}`)
      .refine(isCentStep, COUPON_MESSAGES.valueStep),
    startDate: dateString.or(z.literal("")).refine((v) => v !== "", COUPON_MESSAGES.startDate),
    endDate: dateString.or(z.literal("")).refine((v) => v !== "", COUPON_MESSAGES.endDate),
    /** Dollars; empty (null) is unset, stored as 0. */
    minPurchaseAmount: z
      .number({ error: COUPON_MESSAGES.minPurchase })
      .min(0, COUPON_MESSAGES.minPurchase)
      .max(MAX_AMOUNT, `Min purchase amount must be at most ${MAX_AMOUNT}`)
      .refine(isCentStep, COUPON_MESSAGES.minPurchaseStep)
      .nullish(),
    /** Empty (null) is unlimited. */
    maxUses: z
      .number({ error: COUPON_MESSAGES.maxUses })
      .int(COUPON_MESSAGES.maxUses)
      .min(1, COUPON_MESSAGES.maxUses)
      .max(1_000_000, "Max uses must be at most 1000000")
      .nullish(),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.type === "percentage" && v.value > 100) {
      ctx.addIssue({ code: "custom", path: ["value"], message: COUPON_MESSAGES.percentMax });
    }
    if (v.startDate && v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: COUPON_MESSAGES.dateOrder });
    }
  });
export type CouponValues = z.output<typeof couponInput>;

export const adminCoupon = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  type: z.enum(["percentage", "fixed_amount"]),
  value: z.number(),
  startDate: dateString,
  endDate: dateString,
  minPurchaseAmount: z.number(),
  maxUses: z.number().int().nullable(),
  currentUses: z.number().int(),
  isActive: z.boolean(),
  /** The badge: Active, Inactive, or (active but past its end date / out of uses) Expired, Used up. */
  status: z.enum(["active", "inactive", "expired", "used_up"]),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const couponsResponse = z.object({ coupons: z.array(adminCoupon) });
export type CouponsResponse = z.infer<typeof couponsResponse>;
export const couponResponse = z.object({ coupon: adminCoupon });
export type CouponResponse = z.infer<typeof couponResponse>;
export const couponIdParams = z.object({ id: z.uuid("Coupon not found") });
