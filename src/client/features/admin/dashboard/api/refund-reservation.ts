import type { RefundRequest, ReservationResponse } from "../../../../../contracts/admin";
import { api } from "../../../../lib/api";

/**
 * POST /api/admin/reservations/{id}/refund: throws, so the manager password dialog can show a wrong
 * password inline. The request id makes a repeated click one refund.
 */
export const refundReservation = (id: string, body: RefundRequest) =>
  api<ReservationResponse>(`/admin/reservations/${id}/refund`, { body });
