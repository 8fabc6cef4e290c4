import { Button } from "@mantine/core";
import { IconCircleX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ResultCard } from "../../components/ResultCard";
import { notifyError } from "../../lib/notify";
import { bookingKeys } from "./api/booking-keys";
import { useCancelHold } from "./api/cancel-hold";
import { clearPendingReservation, readPendingReservation } from "./pending-reservation";

/**
 * SPEC §2 /cancel: the checkout was left unpaid, so the pending hold it came from is cancelled (with
 * its token, from session storage; the provider's session id names it too) and its times are freed.
 */
export default function CancelPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const started = useRef(false);
  const { mutate: cancelHold } = useCancelHold();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = readPendingReservation();
    clearPendingReservation();
    notifyError("Payment was not completed");
    if (!pending) return;
    // A refusal means it already ended, or was paid meanwhile: the server's sweeper ends an unpaid
    // hold at its expiry, so there is nothing to tell.
    cancelHold(
      { holdToken: pending.holdToken, holdId: pending.holdId, checkoutSessionId: sessionId ?? undefined },
      { onSettled: () => void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll }) },
    );
  }, [sessionId, queryClient, cancelHold]);

  return (
    <ResultCard
      icon={<IconCircleX size={44} />}
      color="orange"
      title="Payment Cancelled"
      actions={
        <>
          <Button size="lg" fullWidth onClick={() => navigate("/book")}>
            Book New Reservation
          </Button>
          <Button size="lg" fullWidth variant="default" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </>
      }
    >
      Your payment was not completed and no charges were made. Your reservation has been cancelled.
    </ResultCard>
  );
}
