import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminRegistration } from "../../../../../contracts/events";
import { api } from "../../../../lib/api";
import { refreshEvents } from "./admin-event-keys";

export type RefundRegistrationVariables = { id: string; managerPassword: string };

/** POST /api/admin/event-registrations/{id}/refund (SPEC §7 refund_event_registration, manager password). */
export const refundRegistration = ({ id, managerPassword }: RefundRegistrationVariables) =>
  api<{ registration: AdminRegistration }>(`/admin/event-registrations/${id}/refund`, {
    body: { managerPassword },
  });

export function useRefundRegistration() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundRegistration, onSuccess: () => refreshEvents(queryClient) });
}
