import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { cancelRegistration, eventKeys, fetchRegistrationStatus } from "./events-api";
import { clearPendingRegistration, readPendingRegistration } from "./pending-registration";

type ReturnState =
  | { kind: "none" }
  | { kind: "checking" }
  | { kind: "confirmed" }
  | { kind: "refunded" }
  | { kind: "unknown" };

const POLL_MS = 1000;
const POLL_TRIES = 20;

/**
 * The checkout sends the browser back to /events/{id}?registration={rid}&checkout=success|cancelled.
 * Success: the webhook confirms, not the return (DECISIONS.md), so the page asks until it has; a
 * signed-in person then goes to My Reservations, a guest sees the confirmation here. Cancelled:
 * the pending registration is cancelled with its token.
 */
export function useCheckoutReturn(eventId: string): ReturnState {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const outcome = params.get("checkout");
  const registrationId = params.get("registration");
  const [state, setState] = useState<ReturnState>(() =>
    outcome === "success" && registrationId ? { kind: "checking" } : { kind: "none" },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !outcome || !registrationId) return;
    started.current = true;
    const pending = readPendingRegistration(eventId);
    const token = pending?.registrationId === registrationId ? pending.holdToken : null;
    const clearParams = () => setParams({}, { replace: true });

    if (outcome === "cancelled") {
      clearPendingRegistration();
      if (token) void cancelRegistration(registrationId, token).catch(() => undefined);
      notifyError("Payment was not completed");
      clearParams();
      return;
    }
    if (!token) {
      setState({ kind: "unknown" });
      clearParams();
      return;
    }
    let timer: number | undefined;
    let tries = 0;
    const poll = async () => {
      tries += 1;
      const status = await fetchRegistrationStatus(registrationId, token).catch(() => null);
      if (status?.status === "confirmed") {
        clearPendingRegistration();
        void queryClient.invalidateQueries({ queryKey: eventKeys.all });
        notifySuccess("Registration confirmed!");
        if (user) navigate("/my-reservations");
        else {
          setState({ kind: "confirmed" });
          clearParams();
        }
        return;
      }
      if (status?.status === "cancelled") {
        clearPendingRegistration();
        setState({ kind: "refunded" });
        clearParams();
        return;
      }
      if (tries >= POLL_TRIES) {
        setState({ kind: "unknown" });
        clearParams();
        return;
      }
      timer = window.setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => window.clearTimeout(timer);
  }, [eventId, outcome, registrationId, navigate, queryClient, setParams, user]);

  return state;
}
