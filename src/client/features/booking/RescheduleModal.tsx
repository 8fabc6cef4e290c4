import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { HoldItem } from "../../../contracts/booking";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { errorMessage } from "../../lib/api";
import { notifySuccess } from "../../lib/notify";
import { useAvailability } from "./api/get-availability";
import { useRescheduleManagedBooking } from "./api/reschedule-managed-booking";

const NO_MEMBER = { memberId: null, useNonMemberPricing: false };

/** Move one booked item to another free time of the same facility type and duration (same price). */
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

  const submit = () => {
    if (!item || !startTime) return;
    reschedule.mutate(
      { reservationId: item.reservationId, date, startTime },
      {
        onSuccess: () => {
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
            Now: {item.facilityName} · {formatVenueDateShort(item.date)} · {item.displayTime}. The price stays
            the same.
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
          {reschedule.isError ? (
            <Alert color="red">{errorMessage(reschedule.error, "Failed to move the booking")}</Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep this time
            </Button>
            <Button disabled={!startTime} loading={reschedule.isPending} onClick={submit}>
              Move booking
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
