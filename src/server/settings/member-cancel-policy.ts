import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { venueSettings } from "../db/schema";

// Issue 34 item 4 (DECISIONS.md turn 3): members may cancel their own membership at period end only
// when the venue turns it on; off by default, which keeps the spec's staff cancellation with the
// manager password.

export type MemberCancelPolicy = { enabled: boolean };

export async function loadMemberCancelPolicy(executor: Db | Tx): Promise<MemberCancelPolicy> {
  const [row] = await executor
    .select({ enabled: venueSettings.memberSelfCancel })
    .from(venueSettings)
    .where(eq(venueSettings.id, 1));
  return { enabled: row?.enabled ?? false };
}

/** Saves the policy on the single settings row, creating the row when the venue has none yet. */
export async function saveMemberCancelPolicy(executor: Db | Tx, policy: MemberCancelPolicy, now: Date) {
  const values = { memberSelfCancel: policy.enabled, updatedAt: now };
  await executor
    .insert(venueSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: venueSettings.id, set: values });
}
