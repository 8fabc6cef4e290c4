import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import type { AdminReservation } from "../../../../contracts/admin";
import { type DayHours, venueHoursSlots } from "../../../../domain/admin-schedule";
import { slotsLeftBehind, splitWarning } from "../../../../domain/booking-split";
import { formatTimeRange } from "../../../../domain/venue-time";
import { notifyError } from "../../../lib/notify";
import { facilityLabel } from "../shared/format";
import { useAvailableFacilities } from "./api/get-available-facilities";

type Props = {
  reservation: AdminReservation | null;
  /** The venue's hours on the reservation's day (from GET /api/admin/day); undefined while unknown. */
  hours: DayHours | undefined;
  /** The day's reservations, to warn when the move splits one booking (issue 34). */
  dayReservations: AdminReservation[];
  onClose: () => void;
  onSave: (input: { id: string; startTime: string; facilityId: number }) => Promise<unknown>;
};

/**
 * SPEC §5 Admin edit reservation: a time-slot select and a facility select offering only what is
 * free then (this reservation not counting), with Cancel and Save Changes. The times are the
 * venue's hours that day (issue 14; the server refuses others), not the whole staff day.
 */
export function EditReservationModal({ reservation: r, hours, dayReservations, onClose, onSave }: Props) {
  const [startTime, setStartTime] = useState("");
  const [facilityId, setFacilityId] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (r) {
      setStartTime(r.startTime);
      setFacilityId(String(r.facilityId));
    }
  }, [r]);

  const slots = useMemo(
    () => (r && hours !== undefined ? venueHoursSlots(r.duration, hours) : []),
    [r, hours],
  );
  const available = useAvailableFacilities({
    date: r?.date ?? "",
    facilityType: r?.facilityType ?? "court",
    startTime: startTime || null,
    duration: r?.duration ?? 60,
    excludeReservationId: r?.id,
    enabled: r !== null,
  });
  const free = available.data?.facilities ?? [];

  useEffect(() => {
    if (!available.data) return;
    const ids = available.data.facilities.map((f) => String(f.id));
    setFacilityId((current) => (ids.includes(current) ? current : (ids[0] ?? "")));
  }, [available.data]);

  useEffect(() => {
    if (available.isError) notifyError("Failed to load available facilities");
  }, [available.isError]);

  async function save() {
    if (!r || !startTime || !facilityId) return;
    setSaving(true);
    try {
      await onSave({ id: r.id, startTime, facilityId: Number(facilityId) });
      onClose();
    } catch {
      // The toast says why; the modal stays open to pick again.
    } finally {
      setSaving(false);
    }
  }

  const label = r ? facilityLabel(r.facilityType) : "Court";
  const warning =
    r && startTime && facilityId
      ? splitWarning(
          slotsLeftBehind(r, { facilityId: Number(facilityId), startTime }, dayReservations),
          r.facilityType === "court" ? "court" : "dart bay",
        )
      : null;
  const offSlot = r !== null && !slots.some((s) => s.startTime === r.startTime);
  return (
    <Modal opened={r !== null} onClose={onClose} title="Edit Reservation" centered>
      {r && (
        <Stack>
          <Text size="sm" c="dimmed">
            {r.customerName} · {r.duration} minutes
          </Text>
          {hours === null && (
            <Alert color="yellow" variant="light" p="xs">
              The venue is closed on this day, so the time cannot change.
            </Alert>
          )}
          <NativeSelect
            label="Time Slot"
            description={hours ? `Open ${formatTimeRange(hours.opensAt, hours.closesAt)}` : undefined}
            value={startTime}
            onChange={(e) => setStartTime(e.currentTarget.value)}
            data={[
              ...(offSlot ? [{ value: r.startTime, label: r.displayTime, disabled: true }] : []),
              ...slots.map((s) => ({ value: s.startTime, label: s.displayTime })),
            ]}
          />
          {available.isPending ? (
            <Text size="sm" c="dimmed">
              Loading...
            </Text>
          ) : free.length === 0 ? (
            <Alert color="yellow" variant="light" p="xs" role="alert">
              No courts/dart bays available for selected time
            </Alert>
          ) : (
            <NativeSelect
              label={label}
              value={facilityId}
              onChange={(e) => setFacilityId(e.currentTarget.value)}
              data={free.map((f) => ({ value: String(f.id), label: f.name }))}
            />
          )}
          {warning && (
            <Alert color="orange" variant="light" p="xs" role="alert" data-testid="split-warning">
              {warning}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={save} loading={saving} disabled={free.length === 0 || !facilityId}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
