import { useMutation } from "@tanstack/react-query";
import type { CreateHoldRequest, CreateHoldResponse } from "../../../../contracts/booking-holds";
import { HOLD_TOKEN_HEADER } from "../../../../contracts/headers";
import { api } from "../../../lib/api";

type Input = CreateHoldRequest & {
  /** The hold this tab already has, so the server counts both as one visitor's (hold limits). */
  previousHoldToken?: string | null;
};

/** POST /api/booking/holds ("Continue to Payment"): the pending reservations, held for 15 minutes. */
export const useCreateHold = () =>
  useMutation({
    mutationFn: ({ previousHoldToken, ...body }: Input) =>
      api<CreateHoldResponse>("/booking/holds", {
        body,
        headers: previousHoldToken ? { [HOLD_TOKEN_HEADER]: previousHoldToken } : undefined,
      }),
  });
