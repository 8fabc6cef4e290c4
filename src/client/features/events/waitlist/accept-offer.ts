import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AcceptOfferResponse } from "../../../../contracts/waitlist";
import { api } from "../../../lib/api";
import { waitlistEntryKey } from "./waitlist-entry";

// POST /api/waitlist/{id}/accept (src/contracts/waitlist.ts).
export const acceptOffer = (entryId: string, token: string) =>
  api<AcceptOfferResponse>(`/waitlist/${encodeURIComponent(entryId)}/accept`, { body: { token } });

export function useAcceptOffer(entryId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptOffer(entryId, token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistEntryKey(entryId) }),
  });
}
