import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MembershipPlansResponse } from "../../../../../contracts/membership-plans";
import { api } from "../../../../lib/api";

export const membershipPlansKey = ["admin", "membership-plans"] as const;

/** GET /api/admin/membership-plans: the plans with their provider price ids, as staff edit them. */
export const membershipPlansQuery = () =>
  queryOptions({
    queryKey: membershipPlansKey,
    queryFn: ({ signal }) => api<MembershipPlansResponse>("/admin/membership-plans", { signal }),
  });

export const useMembershipPlansSettings = () => useQuery(membershipPlansQuery());
