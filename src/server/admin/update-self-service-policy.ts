import type { SelfServicePolicyDto } from "../../contracts/manage";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { loadSelfServicePolicy, saveSelfServicePolicy } from "../settings/self-service-policy";

/** Staff set the venue's self-service policy (decision 019); the change is audited with before and after. */
export async function updateSelfServicePolicy(
  deps: AppDeps,
  actor: SessionUser,
  policy: SelfServicePolicyDto,
): Promise<SelfServicePolicyDto> {
  const saved = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const before = await loadSelfServicePolicy(tx);
    await saveSelfServicePolicy(tx, policy, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_self_service_policy",
      targetType: "venue_settings",
      targetId: "1",
      targetLabel: policy.enabled
        ? `On: up to ${policy.hoursBefore} h before, ${policy.refundPercent}% refund`
        : "Off (call us)",
      outcome: "success",
      at: now,
      details: { before, after: policy },
    });
    return loadSelfServicePolicy(tx);
  });
  // Every instance reads the venue's rules again, the cached policy included (confirmation emails).
  await deps.schedule.changed();
  return saved;
}
