import { useMutation } from "@tanstack/react-query";
import type { BillingPortalResponse } from "../../../../contracts/membership";
import { api } from "../../../lib/api";

/** POST /api/me/membership/billing-portal: the provider's hosted page where the card is changed. */
export const useOpenBillingPortal = () =>
  useMutation({
    mutationFn: () => api<BillingPortalResponse>("/me/membership/billing-portal", { method: "POST" }),
  });
