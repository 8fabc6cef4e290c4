import { queryOptions, useQuery } from "@tanstack/react-query";
import { WAITLIST_TOKEN_HEADER, type WaitlistEntryResponse } from "../../../../contracts/waitlist";
import { ApiError, api } from "../../../lib/api";

// GET /api/waitlist/{id}, for the holder of the entry's token (src/contracts/waitlist.ts).
export const waitlistEntryKey = (entryId: string) => ["waitlist", entryId] as const;

export const waitlistEntryQuery = (entryId: string, token: string) =>
  queryOptions({
    queryKey: waitlistEntryKey(entryId),
    queryFn: ({ signal }) =>
      api<WaitlistEntryResponse>(`/waitlist/${encodeURIComponent(entryId)}`, {
        signal,
        headers: { [WAITLIST_TOKEN_HEADER]: token },
      }),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });

export const useWaitlistEntry = (entryId: string, token: string) =>
  useQuery(waitlistEntryQuery(entryId, token));
