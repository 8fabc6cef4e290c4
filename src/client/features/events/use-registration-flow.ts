import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { RegistrationResponse } from "../../../contracts/events";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { eventKeys } from "./api/event-keys";
import { cancelPendingNow, cancelScheduledLeave, scheduleLeaveCancel } from "./leave-cancel";
import {
  clearPendingRegistration,
  type PendingRegistration,
  readPendingRegistration,
  rememberRegistration,
  savePendingRegistration,
} from "./pending-registration";

const livePending = (eventId: string) => {
  const pending = readPendingRegistration(eventId);
  return pending && Date.parse(pending.holdExpiresAt) > Date.now() ? pending : null;
};

/**
 * An event page's registration: what follows "Register" (SPEC §4 Event registration), the pending
 * registration waiting for its payment, and its cancel on leaving. `restore`: start from this tab's
 * pending registration for the event while its hold lasts (a reload).
 */
export function useRegistrationFlow(eventId: string, restore: boolean) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [pending, setPending] = useState<PendingRegistration | null>(() =>
    restore ? livePending(eventId) : null,
  );
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  useEffect(() => {
    cancelScheduledLeave();
    return () => scheduleLeaveCancel(pendingRef.current);
  }, []);

  const showReceipt = (registrationId: string, holdToken: string | null) => {
    if (holdToken) rememberRegistration({ registrationId, holdToken });
    setParams({ registration: registrationId }, { state: { announce: true } });
    window.scrollTo({ top: 0 });
  };

  const onRegistered = (registration: RegistrationResponse) => {
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    if (registration.status === "confirmed") {
      // SPEC §4 Event registration: a signed-in person goes to My Reservations; a guest has no
      // account there and reads the receipt here (docs/decisions/007).
      if (user) {
        notifySuccess("Registration confirmed!");
        navigate("/my-reservations");
      } else showReceipt(registration.registrationId, registration.holdToken);
      return;
    }
    const { holdToken, holdExpiresAt } = registration;
    // A pending registration always comes with its hold (src/contracts/events.ts); none, nothing to pay.
    if (holdToken === null || holdExpiresAt === null) return;
    const next: PendingRegistration = {
      registrationId: registration.registrationId,
      eventId,
      holdToken,
      holdExpiresAt,
      priceCents: registration.priceCents,
    };
    savePendingRegistration(next);
    setPending(next);
  };

  const backToEvents = async () => {
    const current = pendingRef.current;
    setPending(null);
    await cancelPendingNow(current);
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    navigate("/events");
  };

  const onExpired = () => {
    clearPendingRegistration();
    setPending(null);
    notifyError("Registration time expired");
  };

  return { pending, onRegistered, backToEvents, onExpired };
}
