import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicPlansResponse } from "../../../../contracts/membership-plans";
import { api } from "../../../lib/api";
import { takeServedData } from "../../../lib/served-data";

/** GET /api/membership/plans: the venue's plans and their savings notes, as /signup shows them. */
export const membershipPlansQuery = () =>
  queryOptions({
    queryKey: ["membership", "plans"] as const,
    queryFn: ({ signal }) => api<PublicPlansResponse>("/membership/plans", { signal }),
    staleTime: 60_000,
    // Served with the /signup page itself (src/server/http/static-files.ts), when it is the first page.
    initialData: () => takeServedData<PublicPlansResponse>("plans-data"),
  });

export const useMembershipPlans = () => useQuery(membershipPlansQuery());
