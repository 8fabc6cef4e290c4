import { Button, Group, Loader, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { bookingKeys } from "./api/booking-keys";
import { clearPendingReservation } from "./pending-reservation";
import { ResultCard } from "./ResultCard";

/** How long the "Payment successful!" toast shows before the full-page move to My Reservations. */
const REDIRECT_DELAY_MS = 1500;

/**
 * SPEC §2 /success. The booking is confirmed by the payment provider's webhook on the server, not by
 * arriving here (DECISIONS.md); this page only reports and sends signed-in users to their list.
 */
export default function SuccessPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearPendingReservation();
    void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll });
    let timer: number | undefined;
    refresh()
      .catch(() => null)
      .then((user) => {
        if (user) {
          notifySuccess("Payment successful!");
          timer = window.setTimeout(() => window.location.assign("/my-reservations"), REDIRECT_DELAY_MS);
        } else {
          setChecking(false);
        }
      });
    return () => window.clearTimeout(timer);
  }, [refresh, queryClient]);

  return (
    <ResultCard
      icon={<IconCircleCheck size={44} />}
      color="teal"
      title={checking ? "Thank you!" : "Congrats!"}
      actions={
        <Button size="lg" fullWidth disabled={checking} onClick={() => navigate("/")}>
          Book Another Experience
        </Button>
      }
    >
      {checking ? (
        <Group justify="center" gap="xs" component="span" role="status">
          <Loader size="xs" />
          <Text span>Checking session...</Text>
        </Group>
      ) : (
        "Your reservation has been confirmed! Check your email for notifications."
      )}
    </ResultCard>
  );
}
