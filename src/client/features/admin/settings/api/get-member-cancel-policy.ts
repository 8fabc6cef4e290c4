import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MemberCancelPolicyDto } from "../../../../../contracts/membership";
import { api } from "../../../../lib/api";

export const memberCancelPolicyKey = ["admin", "member-cancel-policy"] as const;

/** GET /api/admin/member-cancel-policy: whether members may cancel online at period end. */
export const memberCancelPolicyQuery = () =>
  queryOptions({
    queryKey: memberCancelPolicyKey,
    queryFn: ({ signal }) => api<MemberCancelPolicyDto>("/admin/member-cancel-policy", { signal }),
  });

export const useMemberCancelPolicy = () => useQuery(memberCancelPolicyQuery());
