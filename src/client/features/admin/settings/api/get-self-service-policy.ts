import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SelfServicePolicyDto } from "../../../../../contracts/manage";
import { api } from "../../../../lib/api";

export const selfServicePolicyKey = ["admin", "self-service-policy"] as const;

/** GET /api/admin/self-service-policy: the venue's self-service cancellation policy. */
export const selfServicePolicyQuery = () =>
  queryOptions({
    queryKey: selfServicePolicyKey,
    queryFn: ({ signal }) => api<SelfServicePolicyDto>("/admin/self-service-policy", { signal }),
  });

export const useSelfServicePolicy = () => useQuery(selfServicePolicyQuery());
