// Which provider subscription states keep users.is_member true (DECISIONS.md Membership signup):
// a running subscription, also while a failed renewal is being retried (past_due); the membership
// ends when the provider gives up (unpaid), cancels or ends it.
const MEMBER_STATUSES = new Set(["active", "trialing", "past_due"]);

export function isMemberStatus(status: string): boolean {
  return MEMBER_STATUSES.has(status);
}
