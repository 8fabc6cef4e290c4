import {
  Alert,
  Button,
  Chip,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { AdminFacilityType, ManualReservationRequest } from "../../../../contracts/admin";
import { adminTimeSlots } from "../../../../domain/admin-schedule";
import { DESK_MESSAGES } from "../../../../domain/desk-payments";
import { ADMIN_DEFAULT_DURATION, ADMIN_DURATIONS } from "../../../../domain/durations";
import { notifyError } from "../../../lib/notify";
import { useAvailableFacilities } from "./api/get-available-facilities";
import { DeskPaymentFields, useDeskPayment } from "./DeskPaymentFields";

type Props = {
  date: string;
  facilityType: AdminFacilityType;
  creating: boolean;
  onCreate: (body: ManualReservationRequest) => Promise<unknown>;
};

const NO_FACILITIES = "No courts/dart bays available for selected time";

/**
 * SPEC §2 "Add Manual Reservation" panel, titled "Add Free Reservation": name, optional email,
 * duration (30–180 in 30-minute steps), time slot, and one or more free facilities; one reservation
 * per facility (SPEC §5 Admin manual reservation). Issue 32 item 4: with a price from the rate card
 * (editable) and how it was paid (cash, card at the desk, or unpaid).
 */
export function ManualReservationPanel({ date, facilityType, creating, onCreate }: Props) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [duration, setDuration] = useState(ADMIN_DEFAULT_DURATION[facilityType]);
  const [startTime, setStartTime] = useState("");
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    setDuration(ADMIN_DEFAULT_DURATION[facilityType]);
    setStartTime("");
    setSelected([]);
  }, [facilityType]);

  const slots = useMemo(() => adminTimeSlots(duration), [duration]);
  const desk = useDeskPayment({ date, facilityType, startTime, duration });
  const available = useAvailableFacilities({ date, facilityType, startTime: startTime || null, duration });
  const free = available.data?.facilities ?? [];

  // A facility that stopped being free for the chosen time is no longer selected.
  useEffect(() => {
    if (!available.data) return;
    const ids = new Set(available.data.facilities.map((f) => String(f.id)));
    setSelected((current) => current.filter((id) => ids.has(id)));
  }, [available.data]);

  useEffect(() => {
    if (available.isError) notifyError("Failed to load available facilities");
  }, [available.isError]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // SPEC §5 Admin manual reservation, in this order.
    if (!name.trim()) return notifyError("Please enter a customer name");
    if (!startTime) return notifyError("Please select a time slot");
    if (selected.length === 0) {
      return notifyError(
        facilityType === "court" ? "Please select at least one court" : "Please select at least one dart bay",
      );
    }
    if (desk.cents === null) return notifyError(DESK_MESSAGES.price);
    try {
      await onCreate({
        facilityType,
        date,
        customerName: name.trim(),
        customerEmail: email.trim() || null,
        startTime,
        duration,
        facilityIds: selected.map(Number),
        priceCents: desk.cents,
        paymentMethod: desk.method,
      });
      setName("");
      setEmail("");
      setStartTime("");
      setSelected([]);
      desk.reset();
    } catch {
      // The toast was shown by the mutation; the form keeps what was typed.
    }
  }

  const what = facilityType === "court" ? "Courts" : "Dart Bays";
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Add Free Reservation">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add Free Reservation
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Customer name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
            />
            <TextInput
              label="Email (optional)"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <NativeSelect
              label="Duration"
              value={String(duration)}
              onChange={(e) => {
                setDuration(Number(e.currentTarget.value));
                setStartTime("");
              }}
              data={ADMIN_DURATIONS[facilityType].map((d) => ({ value: String(d), label: `${d} minutes` }))}
            />
            <NativeSelect
              label="Time slot"
              value={startTime}
              onChange={(e) => setStartTime(e.currentTarget.value)}
              data={[
                { value: "", label: "Select a time slot" },
                ...slots.map((s) => ({ value: s.startTime, label: s.displayTime })),
              ]}
            />
            <DeskPaymentFields
              desk={desk}
              facilityLabel={facilityType === "court" ? "court" : "dart bay"}
              facilities={selected.length}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={6}>
              {what}
            </Text>
            {!startTime ? (
              <Text size="sm" c="dimmed">
                Select a time slot to see what is free.
              </Text>
            ) : available.isPending ? (
              <Text size="sm" c="dimmed">
                Loading...
              </Text>
            ) : free.length === 0 ? (
              <Alert color="yellow" variant="light" p="xs">
                {NO_FACILITIES}
              </Alert>
            ) : (
              <Chip.Group multiple value={selected} onChange={setSelected}>
                <Group gap="xs">
                  {free.map((f) => (
                    <Chip key={f.id} value={String(f.id)}>
                      {f.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
          </div>
          <Group justify="flex-end">
            <Button type="submit" loading={creating}>
              Create Reservation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
