import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VenueIdentityBody, VenueIdentityDto } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";
import { venueSettingsKey } from "../../../../lib/venue";
import { venueIdentityKey } from "./get-venue-identity";

/** PUT /api/admin/venue; the page frame (name, links, colour) follows at once. */
export function useSaveVenueIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VenueIdentityBody) => api<VenueIdentityDto>("/admin/venue", { method: "PUT", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(venueIdentityKey, saved);
      void queryClient.invalidateQueries({ queryKey: venueSettingsKey });
    },
  });
}
