import { z } from "zod";
import { MEMBERSHIP_PLAN_IDS, PLAN_INTERVALS, type PlanSettings } from "../domain/membership";
import { dateString } from "./common";

// Issue 32 item 3: the membership plans as staff edit them in /admin/settings/plans, as /signup
// shows them, and staff's comped memberships. Ranges are checked by src/domain/membership.ts on the
// server, with its messages.

export const planSettingsSchema = z
  .object({
    id: z.enum(MEMBERSHIP_PLAN_IDS, { error: "Unknown plan" }),
    name: z.string().max(200),
    priceCents: z.number({ error: "Enter a price" }),
    interval: z.enum(PLAN_INTERVALS, { error: "A plan bills every month or every year" }),
    providerPriceId: z.string().max(200).nullable(),
  })
  .meta({ id: "MembershipPlan" }) satisfies z.ZodType<PlanSettings>;

export const membershipPlansRequest = z.object({ plans: z.array(planSettingsSchema).max(10) });
export type MembershipPlansRequest = z.infer<typeof membershipPlansRequest>;

export const membershipPlansResponse = z.object({
  plans: z.array(planSettingsSchema),
  /** Staff's reminder of where the checkout charges: "stripe", "test" or null (no online payment). */
  provider: z.enum(["stripe", "test"]).nullable(),
  /** A plan without a price id is refused (production with a real payment provider). */
  priceIdRequired: z.boolean(),
});
export type MembershipPlansResponse = z.infer<typeof membershipPlansResponse>;

/** A plan as /signup shows it: no provider ids, and the "Save $N" note computed from the plans. */
export const publicPlanSchema = z.object({
  id: z.enum(MEMBERSHIP_PLAN_IDS),
  name: z.string(),
  priceCents: z.number().int(),
  interval: z.enum(PLAN_INTERVALS),
  savingsNote: z.string().nullable(),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;
export const publicPlansResponse = z.object({ plans: z.array(publicPlanSchema) });
export type PublicPlansResponse = z.infer<typeof publicPlansResponse>;

// ---- POST /api/admin/members/comp ----

export const MAX_COMP_MONTHS = 24;

export const compMembershipRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter the person's email")
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
  months: z
    .number({ error: "Enter the number of months" })
    .int("Use whole months")
    .min(1, "Comp at least 1 month")
    .max(MAX_COMP_MONTHS, `Comp at most ${MAX_COMP_MONTHS} months at a time`),
});
export type CompMembershipRequest = z.infer<typeof compMembershipRequest>;

export const compMembershipResponse = z.object({
  member: z.object({ id: z.string(), email: z.string(), compEndsOn: dateString }),
});
export type CompMembershipResponse = z.infer<typeof compMembershipResponse>;
