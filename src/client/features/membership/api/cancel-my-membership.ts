import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MyMembershipResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";
import { myMembershipKey } from "./get-my-membership";

/** POST /api/me/membership/cancel: end the membership at period end (when the venue allows it). */
export function useCancelMyMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MyMembershipResponse>("/me/membership/cancel", { body: { confirm: true } }),
    onSuccess: (membership) => queryClient.setQueryData(myMembershipKey, membership),
  });
}
