import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffMember } from "../../../../../contracts/staff";
import type { StaffRole } from "../../../../../domain/staff-roles";
import { api } from "../../../../lib/api";
import { SESSION_KEY } from "../../../../lib/session";
import { staffKey } from "./get-staff";

/** PATCH /api/admin/staff/{id}: another role (the owner's own included, so the session is read again). */
export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: StaffRole }) =>
      api<{ member: StaffMember }>(`/admin/staff/${id}`, { method: "PATCH", body: { role } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKey });
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
