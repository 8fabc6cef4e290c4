import { useMutation } from "@tanstack/react-query";
import type { ManageLinkResponse } from "../../../../contracts/manage";
import { api } from "../../../lib/api";

/** POST /api/booking/holds/{holdId}/manage-link: "Manage booking" on /success opens a new manage link. */
export const useCreateManageLink = () =>
  useMutation({
    mutationFn: (input: { holdId: string; holdToken: string | null }) =>
      api<ManageLinkResponse>(`/booking/holds/${encodeURIComponent(input.holdId)}/manage-link`, {
        body: input.holdToken ? { holdToken: input.holdToken } : {},
      }),
  });
