import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyMembershipResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";

export const myMembershipKey = ["membership", "mine"] as const;

/** GET /api/me/membership: plan, price, renewal or end date, card, invoices, how to cancel. */
export const myMembershipQuery = () =>
  queryOptions({
    queryKey: myMembershipKey,
    queryFn: ({ signal }) => api<MyMembershipResponse>("/me/membership", { signal }),
  });

export const useMyMembership = () => useQuery(myMembershipQuery());
