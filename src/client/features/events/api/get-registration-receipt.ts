import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RegistrationReceipt } from "../../../../contracts/events";
import { REGISTRATION_TOKEN_HEADER } from "../../../../contracts/headers";
import { ApiError, api } from "../../../lib/api";

/** How often the receipt asks again while the payment provider's webhook is on its way. */
const PENDING_POLL_MS = 1000;

/**
 * GET /api/events/registrations/{id}/receipt (issue 34): the registration's receipt, for the
 * browser's token, the email link's token, or the signed-in registrant (token null).
 */
export const registrationReceiptQuery = (registrationId: string, token: string | null) =>
  queryOptions({
    queryKey: ["events", "receipt", registrationId, token] as const,
    queryFn: ({ signal }) =>
      api<RegistrationReceipt>(`/events/registrations/${encodeURIComponent(registrationId)}/receipt`, {
        headers: token ? { [REGISTRATION_TOKEN_HEADER]: token } : {},
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? PENDING_POLL_MS : false),
    refetchOnWindowFocus: false,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });

export const useRegistrationReceipt = (registrationId: string | null, token: string | null) =>
  useQuery({ ...registrationReceiptQuery(registrationId ?? "", token), enabled: registrationId !== null });
