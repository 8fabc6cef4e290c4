import { useMutation } from "@tanstack/react-query";
import type { CreateHoldRequest, CreateHoldResponse } from "../../../../contracts/booking";
import { api } from "../../../lib/api";

/** POST /api/booking/holds ("Continue to Payment"): the pending reservations, held for 15 minutes. */
export const useCreateHold = () =>
  useMutation({
    mutationFn: (body: CreateHoldRequest) => api<CreateHoldResponse>("/booking/holds", { body }),
  });
