import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteStaffRequest, PendingInvitation } from "../../../../../contracts/staff";
import { api } from "../../../../lib/api";
import { staffKey } from "./get-staff";

/** POST /api/admin/staff/invitations: email a set-password link with a role. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffRequest) =>
      api<{ invitation: PendingInvitation }>("/admin/staff/invitations", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
