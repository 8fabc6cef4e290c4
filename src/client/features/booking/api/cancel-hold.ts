import { useMutation } from "@tanstack/react-query";
import type { CancelHoldRequest, CancelHoldResponse } from "../../../../contracts/booking-holds";
import { api } from "../../../lib/api";

/** POST /api/booking/holds/cancel (/cancel): the unpaid hold, by its id or checkout session, with its token. */
export const useCancelHold = () =>
  useMutation({
    mutationFn: (body: CancelHoldRequest) => api<CancelHoldResponse>("/booking/holds/cancel", { body }),
  });
