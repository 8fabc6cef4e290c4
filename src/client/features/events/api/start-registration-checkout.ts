import { useMutation } from "@tanstack/react-query";
import type { RegistrationCheckoutResponse } from "../../../../contracts/events";
import { api } from "../../../lib/api";

type Owned = { registrationId: string; holdToken: string };

/** POST /api/events/registrations/{id}/checkout ("Continue to Payment"): where to send the browser to pay. */
export const useStartRegistrationCheckout = () =>
  useMutation({
    mutationFn: ({ registrationId, holdToken }: Owned) =>
      api<RegistrationCheckoutResponse>(`/events/registrations/${registrationId}/checkout`, {
        body: { holdToken },
      }),
  });
