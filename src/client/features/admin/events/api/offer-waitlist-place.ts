import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminWaitlistResponse } from "../../../../../contracts/waitlist";
import { api } from "../../../../lib/api";
import { adminEventKeys } from "./admin-event-keys";

/** POST /api/admin/events/{id}/waitlist/{entryId}/offer: staff offer a place by hand. */
export const offerWaitlistPlace = (eventId: string, entryId: string) =>
  api<AdminWaitlistResponse>(
    `/admin/events/${encodeURIComponent(eventId)}/waitlist/${encodeURIComponent(entryId)}/offer`,
    { method: "POST" },
  );

export function useOfferWaitlistPlace(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => offerWaitlistPlace(eventId, entryId),
    onSuccess: (list) => queryClient.setQueryData(adminEventKeys.waitlist(eventId), list),
  });
}
