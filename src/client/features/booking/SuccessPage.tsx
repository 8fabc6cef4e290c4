import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconCalendarPlus, IconCircleCheck, IconSettings } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ResultCard } from "../../components/ResultCard";
import { errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { bookingKeys } from "./api/booking-keys";
import { useCreateManageLink } from "./api/create-manage-link";
import { downloadBookingCalendar } from "./api/get-booking-calendar";
import { useConfirmation } from "./api/get-confirmation";
import { BookingDetails } from "./BookingDetails";
import {
  clearPendingReservation,
  readConfirmedBooking,
  readPendingReservation,
  rememberConfirmedBooking,
} from "./pending-reservation";
import { TextRemindersNotice } from "./TextRemindersNotice";

/** How long the "Payment successful!" toast shows before the full-page move to My Reservations. */
const REDIRECT_DELAY_MS = 1500;

/** The paid hold this tab made: from the pending reservation, or remembered from a first visit. */
function takePaidHold(holdIdParam: string | null): { holdId: string; holdToken: string | null } | null {
  const pending = readPendingReservation();
  const known = pending ?? readConfirmedBooking();
  if (known && (!holdIdParam || holdIdParam === known.holdId)) {
    rememberConfirmedBooking({ holdId: known.holdId, holdToken: known.holdToken });
    return { holdId: known.holdId, holdToken: known.holdToken };
  }
  // A signed-in customer's own booking opens by their session (hold_id after a free booking).
  return holdIdParam ? { holdId: holdIdParam, holdToken: null } : null;
}

/**
 * SPEC §2 /success, with issue 14's real confirmation: every booked item with its court or bay,
 * date and time, the amounts and a booking reference, Add to calendar and Manage booking. The
 * booking is confirmed by the payment provider's webhook on the server (DECISIONS.md), so the page
 * asks again until it is.
 */
export default function SuccessPage() {
  const { refresh, user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [paid] = useState(() => takePaidHold(params.get("hold_id")));
  const [checking, setChecking] = useState(true);
  const started = useRef(false);
  const confirmation = useConfirmation(paid?.holdId ?? null, paid?.holdToken ?? null);
  const manageLink = useCreateManageLink();
  const booking = confirmation.data;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearPendingReservation();
    void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll });
    let timer: number | undefined;
    refresh()
      .catch(() => null)
      .then((user) => {
        if (user && !paid) {
          // No booking known to this tab (opened elsewhere): the spec's move to My Reservations.
          notifySuccess("Payment successful!");
          timer = window.setTimeout(() => window.location.assign("/my-reservations"), REDIRECT_DELAY_MS);
        } else {
          setChecking(false);
        }
      });
    return () => window.clearTimeout(timer);
  }, [refresh, queryClient, paid]);

  const confirmed = booking?.status === "confirmed";
  // SPEC §2 /success and DECISIONS.md (turn 3): a signed-in payer reads "Payment successful!" above
  // the same receipt a guest gets (under "Congrats!"), instead of a bare move to My Reservations.
  const doneTitle = user ? "Payment successful!" : "Congrats!";
  const waiting = checking || (paid !== null && (confirmation.isPending || booking?.status === "pending"));

  const openManage = () => {
    if (!paid) return;
    manageLink.mutate(paid, {
      onSuccess: (link) => navigate(link.path),
      onError: (err) => notifyError(errorMessage(err, "Failed to open your booking")),
    });
  };
  const addToCalendar = () => {
    if (!paid || !booking) return;
    downloadBookingCalendar(paid.holdId, paid.holdToken, booking.reference).catch(() =>
      notifyError("Failed to download the calendar file"),
    );
  };

  return (
    <ResultCard
      icon={<IconCircleCheck size={44} />}
      color="teal"
      title={waiting ? "Thank you!" : doneTitle}
      actions={
        <>
          {confirmed ? (
            <>
              <Button
                size="lg"
                fullWidth
                leftSection={<IconCalendarPlus size={20} />}
                onClick={addToCalendar}
              >
                Add to calendar
              </Button>
              <Button
                size="lg"
                fullWidth
                variant="light"
                leftSection={<IconSettings size={20} />}
                loading={manageLink.isPending}
                onClick={openManage}
              >
                Manage booking
              </Button>
            </>
          ) : null}
          {confirmed && user ? (
            <Button size="lg" fullWidth variant="default" onClick={() => navigate("/my-reservations")}>
              My Reservations
            </Button>
          ) : null}
          <Button
            size="lg"
            fullWidth
            variant={confirmed ? "default" : "filled"}
            disabled={checking}
            onClick={() => navigate("/")}
          >
            Book Another Experience
          </Button>
        </>
      }
    >
      {waiting ? (
        <Group justify="center" gap="xs" component="span" role="status">
          <Loader size="xs" />
          <Text span>{checking ? "Checking session..." : "Confirming your payment..."}</Text>
        </Group>
      ) : (
        <>
          <Text size="lg" c="dimmed" mb={booking ? "md" : 0}>
            Your reservation has been confirmed! Check your email for notifications.
          </Text>
          {booking && booking.status !== "pending" ? (
            <Stack gap="md">
              <BookingDetails booking={booking} />
              <TextRemindersNotice reminders={booking.textReminders} />
            </Stack>
          ) : null}
        </>
      )}
    </ResultCard>
  );
}
