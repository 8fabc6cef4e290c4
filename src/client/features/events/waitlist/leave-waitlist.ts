import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WaitlistEntryResponse } from "../../../../contracts/waitlist";
import { api } from "../../../lib/api";
import { waitlistEntryKey } from "./waitlist-entry";

// POST /api/waitlist/{id}/leave: leave the list, or decline the offer (src/contracts/waitlist.ts).
export const leaveWaitlist = (entryId: string, token: string) =>
  api<WaitlistEntryResponse>(`/waitlist/${encodeURIComponent(entryId)}/leave`, { body: { token } });

export function useLeaveWaitlist(entryId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitlist(entryId, token),
    onSuccess: (entry) => queryClient.setQueryData(waitlistEntryKey(entryId), entry),
  });
}
