import { randomUUID } from "node:crypto";
import type { StaffRole } from "../../domain/staff-roles";
import type { Db, Tx } from "../db/client";
import { accounts, users } from "../db/schema";
import { present } from "../lib/present";
import { hashPassword } from "./password-hashing";

export type NewUser = {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  isMember?: boolean;
  /** Staff (the spec's admin) when set; users.is_admin follows it. */
  staffRole?: StaffRole | null;
  isFrozen?: boolean;
  membershipPlan?: "monthly" | "annual" | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  nextBillingDate?: Date | null;
} & ({ password: string } | { passwordHash: string });

/**
 * Creates an account that signs in with email and password. Public sign-up is off: accounts come
 * from the membership checkout's webhook (with the hash stored at signup) and from the seed.
 * The hash is argon2id (password-hashing.ts), which better-auth's sign-in is configured to verify.
 */
export async function createUserWithPassword(executor: Db | Tx, input: NewUser) {
  const id = randomUUID();
  const passwordHash = "passwordHash" in input ? input.passwordHash : await hashPassword(input.password);
  const [user] = await executor
    .insert(users)
    .values({
      id,
      email: input.email.trim().toLowerCase(),
      name: `${input.firstName} ${input.lastName}`.trim(),
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      isMember: input.isMember ?? false,
      staffRole: input.staffRole ?? null,
      isFrozen: input.isFrozen ?? false,
      membershipPlan: input.membershipPlan ?? null,
      stripeCustomerId: input.stripeCustomerId ?? null,
      stripeSubscriptionId: input.stripeSubscriptionId ?? null,
      nextBillingDate: input.nextBillingDate ?? null,
    })
    .returning();
  await executor.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: passwordHash,
  });
  return present(user);
}
