import { Alert, Button, Container, Group, Loader, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconMapPin, IconPhone } from "@tabler/icons-react";
import { useState } from "react";
import { Navigate, useParams } from "react-router";
import type { HoldItem } from "../../../contracts/booking-holds";
import { formatCents } from "../../../domain/money";
import { telHref } from "../../../domain/tel-link";
import { ReferenceQrCode } from "../../components/ReferenceQrCode";
import { errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useVenue } from "../../lib/venue";
import { useCancelManagedBooking } from "./api/cancel-managed-booking";
import { managedCalendarHref, useManagedBooking } from "./api/get-managed-booking";
import { BookingDetails } from "./BookingDetails";
import { readManageReturn } from "./manage-return";
import { PendingMoveNotice } from "./PendingMoveNotice";
import { RescheduleModal } from "./RescheduleModal";
import { TextRemindersNotice } from "./TextRemindersNotice";

/**
 * Issue 14 item 3: the page a booking's manage link opens (no sign-in needed; the link is the key).
 * The booking, Add to calendar, directions and the venue's phone; Cancel booking only when the
 * venue's policy allows it now (the server decides again when asked).
 */
export default function ManagePage() {
  const { token: param = "" } = useParams();
  // Back from the checkout of a move's difference (MANAGE_RETURN_PATH): the link this tab kept.
  if (param === "return") return <ReturnFromCheckout />;
  return <ManagedBooking token={param} />;
}

function ReturnFromCheckout() {
  const kept = readManageReturn();
  if (kept) return <Navigate to={`/manage/${kept}`} replace />;
  return (
    <Container size={560} py={{ base: 24, sm: 48 }} px="sm">
      <Alert color="blue" title="Back from the checkout">
        Open your booking from the link in your confirmation email to see whether it has moved.
      </Alert>
    </Container>
  );
}

function ManagedBooking({ token }: { token: string }) {
  const venue = useVenue();
  const booking = useManagedBooking(token);
  const cancel = useCancelManagedBooking(token);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState<HoldItem | null>(null);

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        notifySuccess(
          result.refundedCents > 0
            ? `Booking cancelled. ${formatCents(result.refundedCents)} will be refunded.`
            : "Booking cancelled.",
        );
      },
      onError: (err) => {
        setConfirming(false);
        notifyError(errorMessage(err, "Failed to cancel the booking"));
      },
    });

  return (
    <Container size={560} py={{ base: 24, sm: 48 }} px="sm">
      <Paper withBorder shadow="sm" radius="md" p={{ base: "md", sm: "xl" }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Your booking
          </Title>
          {booking.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text span>Loading your booking...</Text>
            </Group>
          ) : booking.isError ? (
            <Alert color="red" title="Booking not available">
              <Stack gap="xs">
                <Text size="sm">{errorMessage(booking.error, "Failed to load your booking")}</Text>
                {venue.phone ? (
                  <Text size="sm">
                    Call us at <a href={telHref(venue.phone)}>{venue.phone}</a>.
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : (
            <>
              {booking.data.status === "cancelled" ? (
                <Alert color="red" title="Cancelled">
                  This booking is cancelled.
                </Alert>
              ) : null}
              <BookingDetails booking={booking.data} contactLinks={false} />
              {booking.data.status === "confirmed" ? (
                <ReferenceQrCode reference={booking.data.reference} svg={booking.data.checkInQrSvg} />
              ) : null}
              {booking.data.pendingMove ? (
                <PendingMoveNotice token={token} move={booking.data.pendingMove} />
              ) : null}
              {booking.data.status === "confirmed" ? (
                <TextRemindersNotice reminders={booking.data.textReminders} />
              ) : null}
              <Stack gap="sm">
                {booking.data.status === "confirmed" ? (
                  <Button
                    component="a"
                    href={managedCalendarHref(token)}
                    download
                    size="md"
                    fullWidth
                    leftSection={<IconCalendarPlus size={20} />}
                  >
                    Add to calendar
                  </Button>
                ) : null}
                <Button
                  component="a"
                  href={booking.data.venue.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="md"
                  fullWidth
                  variant="light"
                  leftSection={<IconMapPin size={20} />}
                >
                  Directions
                </Button>
                <Button
                  component="a"
                  href={telHref(booking.data.venue.phone)}
                  size="md"
                  fullWidth
                  variant="light"
                  leftSection={<IconPhone size={20} />}
                >
                  Call {booking.data.venue.phone}
                </Button>
                {booking.data.selfService.canCancel
                  ? booking.data.items
                      .filter((i) => i.status === "confirmed")
                      .map((i) => (
                        <Button
                          key={i.reservationId}
                          size="md"
                          fullWidth
                          variant="default"
                          onClick={() => setMoving(i)}
                        >
                          {booking.data.items.length > 1 ? `Reschedule ${i.displayTime}` : "Reschedule"}
                        </Button>
                      ))
                  : null}
                {booking.data.selfService.canCancel ? (
                  <Button
                    size="md"
                    fullWidth
                    color="red"
                    variant="outline"
                    onClick={() => setConfirming(true)}
                  >
                    Cancel booking
                  </Button>
                ) : null}
              </Stack>
              <RescheduleModal
                key={moving?.reservationId ?? "none"}
                token={token}
                item={moving}
                onClose={() => setMoving(null)}
              />
              <Modal
                opened={confirming}
                onClose={() => setConfirming(false)}
                title="Cancel this booking?"
                centered
              >
                <Stack gap="md">
                  <Text size="sm">
                    {booking.data.selfService.refundCents && booking.data.selfService.refundCents > 0
                      ? `You will get ${formatCents(booking.data.selfService.refundCents)} back (${booking.data.selfService.refundPercent}% of your payment).`
                      : "No refund is due under the venue's cancellation policy."}{" "}
                    This cannot be undone.
                  </Text>
                  <Group justify="flex-end" gap="sm">
                    <Button variant="default" onClick={() => setConfirming(false)}>
                      Keep booking
                    </Button>
                    <Button color="red" loading={cancel.isPending} onClick={confirmCancel}>
                      Cancel booking
                    </Button>
                  </Group>
                </Stack>
              </Modal>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
