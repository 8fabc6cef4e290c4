import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { HoldItem } from "../../../contracts/booking-holds";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { formatCents } from "../../../domain/money";
import { errorMessage } from "../../lib/api";
import { notifySuccess } from "../../lib/notify";
import { useAvailability } from "./api/get-availability";
import { useRescheduleQuote } from "./api/get-reschedule-quote";
import { useRescheduleManagedBooking } from "./api/reschedule-managed-booking";
import { keepManageReturn } from "./manage-return";

const NO_MEMBER = { memberId: null, useNonMemberPricing: false };

/**
 * Move one booked item to another free time of the same facility type and duration, priced at the
 * new time: the server's quote shows what it costs or gives back before the customer confirms.
 */
export function RescheduleModal({
  token,
  item,
  onClose,
}: {
  token: string;
  item: HoldItem | null;
  onClose: () => void;
}) {
  const [date, setDate] = useState(item?.date ?? "");
  const [startTime, setStartTime] = useState("");
  const reschedule = useRescheduleManagedBooking(token);
  const slots = useAvailability(
    item && date ? { facilityType: item.facilityType, date, duration: item.duration } : null,
    NO_MEMBER,
  );
  const free = (slots.data?.slots ?? []).filter((s) => s.isAvailable);
  // Issue 30 item 1: the server prices the move before the customer confirms it.
  const quote = useRescheduleQuote(
    token,
    item && date && startTime ? { reservationId: item.reservationId, date, startTime } : null,
  );

  const submit = () => {
    if (!item || !startTime) return;
    reschedule.mutate(
      { reservationId: item.reservationId, date, startTime },
      {
        onSuccess: (booking) => {
          // A dearer time: the difference is paid at the checkout before the move is final.
          if (booking.pendingMove?.reservationId === item.reservationId) {
            keepManageReturn(token);
            window.location.assign(booking.pendingMove.checkoutUrl);
            return;
          }
          notifySuccess("Booking moved");
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={item !== null} onClose={onClose} title="Move this time" centered>
      {item ? (
        <Stack gap="md">
          <Text size="sm">
            Now: {item.facilityName} · {formatVenueDateShort(item.date)} · {item.displayTime}. The new time is
            priced at its own rate.
          </Text>
          <TextInput
            type="date"
            label="New date"
            value={date}
            onChange={(e) => {
              setDate(e.currentTarget.value);
              setStartTime("");
            }}
          />
          <NativeSelect
            label="New time"
            value={startTime}
            onChange={(e) => setStartTime(e.currentTarget.value)}
            disabled={slots.isPending || free.length === 0}
            data={[
              {
                value: "",
                label: slots.isPending
                  ? "Loading times..."
                  : free.length
                    ? "Choose a time"
                    : "No times available",
              },
              ...free.map((s) => ({ value: s.startTime, label: s.displayTime })),
            ]}
          />
          {slots.isError ? (
            <Alert color="red">
              <Group justify="space-between">
                <Text size="sm">Failed to load time slots</Text>
                <Button size="xs" variant="light" onClick={() => void slots.refetch()}>
                  Retry
                </Button>
              </Group>
            </Alert>
          ) : null}
          {quote.data ? (
            <Alert color={quote.data.kind === "dearer" ? "yellow" : "blue"} data-testid="reschedule-quote">
              {quote.data.message}
            </Alert>
          ) : null}
          {reschedule.isError ? (
            <Alert color="red">{errorMessage(reschedule.error, "Failed to move the booking")}</Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep this time
            </Button>
            <Button
              disabled={!startTime || !quote.data}
              loading={reschedule.isPending || (startTime !== "" && quote.isPending)}
              onClick={submit}
            >
              {quote.data?.kind === "dearer"
                ? `Pay ${formatCents(quote.data.payCents)} and move`
                : "Move booking"}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
