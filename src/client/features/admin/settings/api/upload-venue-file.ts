import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VenueIdentityDto } from "../../../../../contracts/venue";
import { venueSettingsKey } from "../../../../lib/venue";
import { postForm } from "../../events/api/event-form-data";
import { venueIdentityKey } from "./get-venue-identity";

export type VenueFileKind = "logo" | "waiver";

/** POST /api/admin/venue/logo or /waiver: the file in "file", checked by its bytes on the server. */
export function useUploadVenueFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: VenueFileKind; file: File }) => {
      const form = new FormData();
      form.set("file", file);
      return postForm<VenueIdentityDto>(`/admin/venue/${kind}`, "POST", form);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(venueIdentityKey, saved);
      void queryClient.invalidateQueries({ queryKey: venueSettingsKey });
    },
  });
}
