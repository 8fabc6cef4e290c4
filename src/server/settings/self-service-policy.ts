import { eq } from "drizzle-orm";
import { DEFAULT_SELF_SERVICE_POLICY, type SelfServicePolicy } from "../../domain/self-service-policy";
import type { Db, Tx } from "../db/client";
import { venueSettings } from "../db/schema";
import { cachedVenueReader } from "./venue-rules-cache";

/** The venue's self-service policy (decision 019); the default (off) when staff never set it. */
export async function loadSelfServicePolicy(executor: Db | Tx): Promise<SelfServicePolicy> {
  const [row] = await executor
    .select({
      enabled: venueSettings.selfServiceEnabled,
      hoursBefore: venueSettings.selfServiceHoursBefore,
      refundPercent: venueSettings.selfServiceRefundPercent,
    })
    .from(venueSettings)
    .where(eq(venueSettings.id, 1));
  return row ?? DEFAULT_SELF_SERVICE_POLICY;
}

/**
 * The policy as the venue's other rules are read on hot paths (venue-rules-cache.ts): kept until the
 * schedule changes, here or in another instance (saving the policy tells every instance). Read
 * outside any transaction: a read through the pool from inside one can wait on the pool forever.
 */
export const cachedSelfServicePolicy = cachedVenueReader((db) => loadSelfServicePolicy(db));

/** Saves the policy on the single settings row, creating the row when the venue has none yet. */
export async function saveSelfServicePolicy(executor: Db | Tx, policy: SelfServicePolicy, now: Date) {
  const values = {
    selfServiceEnabled: policy.enabled,
    selfServiceHoursBefore: policy.hoursBefore,
    selfServiceRefundPercent: policy.refundPercent,
    updatedAt: now,
  };
  await executor
    .insert(venueSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: venueSettings.id, set: values });
}
