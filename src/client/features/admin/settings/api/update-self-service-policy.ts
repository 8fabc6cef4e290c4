import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SelfServicePolicyDto } from "../../../../../contracts/manage";
import { api } from "../../../../lib/api";
import { selfServicePolicyKey } from "./get-self-service-policy";

/** PUT /api/admin/self-service-policy: staff turn self-service cancellation on or off. */
export function useUpdateSelfServicePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SelfServicePolicyDto) =>
      api<SelfServicePolicyDto>("/admin/self-service-policy", { method: "PUT", body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(selfServicePolicyKey, saved),
  });
}
