import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemberCancelPolicyDto } from "../../../../../contracts/membership";
import { api } from "../../../../lib/api";
import { memberCancelPolicyKey } from "./get-member-cancel-policy";

/** PUT /api/admin/member-cancel-policy: staff let members cancel online, or not. */
export function useUpdateMemberCancelPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: MemberCancelPolicyDto) =>
      api<MemberCancelPolicyDto>("/admin/member-cancel-policy", { method: "PUT", body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(memberCancelPolicyKey, saved),
  });
}
