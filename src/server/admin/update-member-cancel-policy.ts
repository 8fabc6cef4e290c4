import type { MemberCancelPolicyDto } from "../../contracts/membership";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { loadMemberCancelPolicy, saveMemberCancelPolicy } from "../settings/member-cancel-policy";

/** Staff let members cancel online, or not (issue 34 item 4); audited with before and after. */
export async function updateMemberCancelPolicy(
  deps: AppDeps,
  actor: SessionUser,
  policy: MemberCancelPolicyDto,
): Promise<MemberCancelPolicyDto> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const before = await loadMemberCancelPolicy(tx);
    await saveMemberCancelPolicy(tx, policy, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_member_cancel_policy",
      targetType: "venue_settings",
      targetId: "1",
      targetLabel: policy.enabled ? "On: members cancel online at period end" : "Off (staff cancel)",
      outcome: "success",
      at: now,
      details: { before, after: policy },
    });
    return loadMemberCancelPolicy(tx);
  });
}
