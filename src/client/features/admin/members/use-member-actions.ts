import { useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ActiveMember,
  MemberResponse,
  MembersResponse,
  SubscriptionInfo,
} from "../../../../contracts/admin-members";
import { api } from "../../../lib/api";
import { notifySuccess } from "../../../lib/notify";
import { adminKeys } from "../shared/admin-keys";

export const useMembers = () =>
  useQuery({ queryKey: adminKeys.members, queryFn: () => api<MembersResponse>("/admin/members") });

/** SPEC §7 freeze_account, cancel_membership, get_subscription_info; each refreshes the list. */
export function useMemberActions() {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.members });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  };
  return {
    async freeze(member: ActiveMember, managerPassword: string) {
      const freeze = !member.isFrozen;
      await api<MemberResponse>(`/admin/members/${member.id}/freeze`, { body: { managerPassword, freeze } });
      notifySuccess(freeze ? "Account frozen successfully" : "Account unfrozen successfully");
      reload();
    },
    subscriptionInfo: (member: ActiveMember) =>
      api<SubscriptionInfo>(`/admin/members/${member.id}/subscription`),
    async cancelMembership(member: ActiveMember, managerPassword: string) {
      await api<MemberResponse>(`/admin/members/${member.id}/cancel-membership`, {
        body: { managerPassword },
      });
      notifySuccess("Membership cancelled successfully");
      reload();
    },
    reload,
  };
}
