import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MembershipBenefitsResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";

/** GET /api/membership/benefits: the listed benefits, from the venue's rules and prices. */
export const membershipBenefitsQuery = () =>
  queryOptions({
    queryKey: ["membership", "benefits"] as const,
    queryFn: ({ signal }) => api<MembershipBenefitsResponse>("/membership/benefits", { signal }),
    staleTime: 60_000,
  });

export const useMembershipBenefits = () => useQuery(membershipBenefitsQuery());
