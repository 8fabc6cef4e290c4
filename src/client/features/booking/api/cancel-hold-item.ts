import { useMutation } from "@tanstack/react-query";
import type { CancelItemResponse } from "../../../../contracts/booking-holds";
import { api } from "../../../lib/api";

type Input = { holdId: string; holdToken: string; reservationId: string; itemKey: string };

/** POST /api/booking/holds/{holdId}/items/{reservationId}/cancel: removing an item in payment mode. */
export const useCancelHoldItem = () =>
  useMutation({
    mutationFn: ({ holdId, reservationId, holdToken }: Input) =>
      api<CancelItemResponse>(
        `/booking/holds/${encodeURIComponent(holdId)}/items/${encodeURIComponent(reservationId)}/cancel`,
        { body: { holdToken } },
      ),
  });
