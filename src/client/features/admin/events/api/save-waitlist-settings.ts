import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WaitlistSettingsRequest } from "../../../../../contracts/waitlist";
import { api } from "../../../../lib/api";
import { adminEventKeys } from "./admin-event-keys";

/** PUT /api/admin/waitlist-settings: how long an offer holds a place (a venue setting). */
export const saveWaitlistSettings = (body: WaitlistSettingsRequest) =>
  api<WaitlistSettingsRequest>("/admin/waitlist-settings", { method: "PUT", body });

export function useSaveWaitlistSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWaitlistSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEventKeys.waitlistAll }),
  });
}
