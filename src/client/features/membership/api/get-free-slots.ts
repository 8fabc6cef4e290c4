import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FreeSlotsResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";
import { membershipKeys } from "./membership-keys";

/**
 * GET /api/membership/free-reservations?date= (SPEC §2 Member reservations): the allowance and
 * the times offered on the date; without a date, the server names today. The last day's answer
 * stays on screen while the next loads.
 */
const freeSlotsQuery = (userId: string | null, date: string | null) =>
  queryOptions({
    queryKey: membershipKeys.freeSlots(userId, date),
    queryFn: ({ signal }) => {
      const query = date ? `?${new URLSearchParams({ date })}` : "";
      return api<FreeSlotsResponse>(`/membership/free-reservations${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const useFreeSlots = (userId: string | null, date: string | null) =>
  useQuery(freeSlotsQuery(userId, date));
