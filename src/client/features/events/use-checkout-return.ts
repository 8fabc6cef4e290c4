import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { notifyError } from "../../lib/notify";
import { cancelRegistration } from "./api/cancel-registration";
import { eventKeys } from "./api/event-keys";
import {
  clearPendingRegistration,
  readPendingRegistration,
  rememberRegistration,
} from "./pending-registration";

/**
 * The checkout sends the browser back to /events/{id}?registration={rid}&checkout=success|cancelled.
 * Success: the address becomes the receipt's, /events/{id}?registration={rid}, and the token this
 * tab held for the pending registration is kept for it (issue 34); the receipt then asks the server
 * until the webhook has confirmed (DECISIONS.md: the webhook confirms, not the return). Cancelled:
 * the pending registration is cancelled with its token.
 */
export function useCheckoutReturn(eventId: string): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get("checkout");
  const registrationId = params.get("registration");
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !outcome || !registrationId) return;
    started.current = true;
    const pending = readPendingRegistration(eventId);
    const token = pending?.registrationId === registrationId ? pending.holdToken : null;
    clearPendingRegistration();

    if (outcome === "cancelled") {
      if (token) void cancelRegistration(registrationId, token).catch(() => undefined);
      notifyError("Payment was not completed");
      setParams({}, { replace: true });
      return;
    }
    if (token) rememberRegistration({ registrationId, holdToken: token });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    setParams({ registration: registrationId }, { replace: true, state: { announce: true } });
  }, [eventId, outcome, registrationId, queryClient, setParams]);
}
