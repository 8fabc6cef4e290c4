import { useMutation } from "@tanstack/react-query";
import type { CheckoutResponse } from "../../../../contracts/booking-holds";
import { api } from "../../../lib/api";

type Owned = { holdId: string; holdToken: string };

/** POST /api/booking/holds/{holdId}/checkout ("Pay $amount"): where to send the browser to pay. */
export const useStartCheckout = () =>
  useMutation({
    mutationFn: ({ holdId, holdToken }: Owned) =>
      api<CheckoutResponse>(`/booking/holds/${encodeURIComponent(holdId)}/checkout`, { body: { holdToken } }),
  });
