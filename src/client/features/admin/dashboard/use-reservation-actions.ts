import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminFacilityType,
  ManualPaymentStatus,
  ManualReservationRequest,
  ManualReservationResponse,
  RefundRequest,
  ReservationResponse,
  ReservationStatus,
} from "../../../../contracts/admin";
import type { DeskPaidMethod } from "../../../../domain/desk-payments";
import { api, errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { adminKeys } from "../shared/admin-keys";
import { refundReservation } from "./api/refund-reservation";

// The dashboard's changes, each with the spec's success and failure toasts (SPEC §8 Admin), and a
// reload of the day afterwards — also after a failure, so the screen shows what the server has.
export function useReservationActions() {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.days });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    void queryClient.invalidateQueries({ queryKey: ["admin", "available"] });
  };

  const create = useMutation({
    mutationFn: (body: ManualReservationRequest) =>
      api<ManualReservationResponse>("/admin/reservations", { body }),
    onSuccess: (data) => notifySuccess(data.message),
    onError: (err) => notifyError(errorMessage(err, "Failed to create reservation")),
    onSettled: reload,
  });

  const reassign = useMutation({
    mutationFn: (input: { id: string; facilityId: number; facilityType: AdminFacilityType }) =>
      api<ReservationResponse>(`/admin/reservations/${input.id}/reassign`, {
        body: { facilityId: input.facilityId },
      }),
    onSuccess: (_data, input) =>
      notifySuccess(
        input.facilityType === "court" ? "Court reassigned successfully" : "Dart Bay reassigned successfully",
      ),
    onError: (err) => notifyError(errorMessage(err, "Failed to reassign. Please try again.")),
    onSettled: reload,
  });

  const edit = useMutation({
    mutationFn: (input: { id: string; startTime: string; facilityId: number }) =>
      api<ReservationResponse>(`/admin/reservations/${input.id}`, {
        method: "PATCH",
        body: { startTime: input.startTime, facilityId: input.facilityId },
      }),
    onSuccess: () => notifySuccess("Reservation updated successfully"),
    onError: (err) => notifyError(errorMessage(err, "Failed to update reservation")),
    onSettled: reload,
  });

  const setStatus = useMutation({
    mutationFn: (input: { id: string; status: ReservationStatus }) =>
      api<ReservationResponse>(`/admin/reservations/${input.id}/status`, {
        method: "PATCH",
        body: { status: input.status },
      }),
    onSuccess: () => notifySuccess("Reservation status updated"),
    onError: (err) => notifyError(errorMessage(err, "Failed to update reservation status")),
    onSettled: reload,
  });

  const setPaymentStatus = useMutation({
    mutationFn: (input: {
      id: string;
      manualPaymentStatus: ManualPaymentStatus;
      paymentMethod?: DeskPaidMethod;
    }) =>
      api<ReservationResponse>(`/admin/reservations/${input.id}/payment-status`, {
        method: "PATCH",
        body: {
          manualPaymentStatus: input.manualPaymentStatus,
          ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
        },
      }),
    onSuccess: () => notifySuccess("Payment status updated"),
    onError: (err) => notifyError(errorMessage(err, "Failed to update payment status")),
    onSettled: reload,
  });

  /** Throws, so the password modal can show a wrong password inline. */
  const refund = async (id: string, body: RefundRequest, amountLabel: string) => {
    await refundReservation(id, body);
    notifySuccess(`Refund processed successfully: ${amountLabel} refunded`);
    reload();
    void queryClient.invalidateQueries({ queryKey: ["admin", "refund-quote"] });
  };
  const refundFailed = (err: unknown) => {
    notifyError(errorMessage(err, "Failed to process refund"));
    reload();
  };

  return { create, reassign, edit, setStatus, setPaymentStatus, refund, refundFailed, reload };
}
