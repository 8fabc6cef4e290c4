import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CompMembershipRequest,
  CompMembershipResponse,
} from "../../../../../contracts/membership-plans";
import { api } from "../../../../lib/api";
import { adminKeys } from "../../shared/admin-keys";

/** POST /api/admin/members/comp: a member for N months without payment; the list is asked for again. */
export function useCompMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompMembershipRequest) => api<CompMembershipResponse>("/admin/members/comp", { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.members });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
}
