import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MembershipPlansResponse } from "../../../../../contracts/membership-plans";
import type { PlanSettings } from "../../../../../domain/membership";
import { api } from "../../../../lib/api";
import { membershipPlansKey } from "./get-membership-plans";

/** PUT /api/admin/membership-plans; /signup's plans are asked for again. */
export function useSaveMembershipPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plans: PlanSettings[]) =>
      api<MembershipPlansResponse>("/admin/membership-plans", { method: "PUT", body: { plans } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(membershipPlansKey, saved);
      void queryClient.invalidateQueries({ queryKey: ["membership"] });
    },
  });
}
