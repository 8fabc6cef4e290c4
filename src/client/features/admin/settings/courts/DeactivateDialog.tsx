import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { ClosureAction, ClosureDraft, VenueFacility } from "../../../../../contracts/venue";
import type { FacilityType } from "../../../../../domain/durations";
import { addDaysToDate, minutesOf, timeOf, venueNowTime, venueToday } from "../../../../../domain/venue-time";
import { errorMessage } from "../../../../lib/api";
import { notifySuccess } from "../../../../lib/notify";
import { useUpdateFacility } from "../api/change-facilities";
import { useClosureImpact } from "../api/closure-impact";
import { useRemoveScheduleException } from "../api/remove-schedule-exception";
import { useSaveClosure } from "../api/save-closure";
import { ImpactReview } from "../impact/ImpactReview";

/** From this half hour on, a year and a day: every booking and event the court or bay still has. */
function fromNowOn(type: FacilityType, facility: VenueFacility): ClosureDraft {
  const now = new Date();
  const today = venueToday(now);
  return {
    kind: "closure",
    facilityType: type,
    facilityIds: [facility.id],
    startsOn: today,
    startTime: timeOf(Math.floor(minutesOf(venueNowTime(now)) / 30) * 30),
    endsOn: addDaysToDate(today, 366),
    endTime: "24:00",
    weekly: false,
    reason: `${facility.name} out of use`,
  };
}

/**
 * Issue 31 item 1: deactivating a court or bay with bookings or events ahead first shows them (the
 * closures' impact) and asks what happens to the bookings: moved to a free one of the same type at
 * the same time, or cancelled with a full refund and an email. Events are kept, so a court with
 * events ahead stays active until they are moved under Events. The bookings are dealt with as a
 * closure from now on (one transaction), then the court is deactivated and that closure removed.
 */
export function DeactivateDialog({
  type,
  facility,
  onClose,
}: {
  type: FacilityType;
  facility: VenueFacility;
  onClose: () => void;
}) {
  const impact = useClosureImpact();
  const save = useSaveClosure();
  const update = useUpdateFacility();
  const remove = useRemoveScheduleException();
  const [draft] = useState(() => fromNowOn(type, facility));
  const [id] = useState(() => crypto.randomUUID());
  const [action, setAction] = useState<ClosureAction>("move");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate } = impact;
  useEffect(() => mutate(draft), [mutate, draft]);
  const events = impact.data?.events.length ?? 0;
  const deactivate = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await save.mutateAsync({ id, action, draft });
      await update.mutateAsync({ type, id: facility.id, body: { isActive: false } });
      await remove.mutateAsync({ kind: "closure", id });
      notifySuccess(
        `${facility.name} deactivated${result.moved ? `: ${result.moved} moved` : ""}${result.cancelled ? `: ${result.cancelled} cancelled` : ""}`,
      );
      onClose();
    } catch (err) {
      setError(errorMessage(err, "Failed to deactivate"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Deactivate ${facility.name}?`} size="lg">
      <Stack gap="sm">
        {impact.isPending && <Text size="sm">Finding its bookings and events…</Text>}
        {impact.isError && (
          <Alert color="red">{errorMessage(impact.error, "Failed to find its bookings")}</Alert>
        )}
        {impact.data && (
          <ImpactReview
            impact={impact.data}
            action={action}
            onAction={setAction}
            actions={["move", "cancel"]}
          />
        )}
        {events > 0 && (
          <Alert color="orange">
            Move {events === 1 ? "this event" : "these events"} to other courts under Events first: a court
            with events ahead stays active.
          </Alert>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep It Active
          </Button>
          <Button color="red" loading={busy} disabled={!impact.data || events > 0} onClick={deactivate}>
            Deactivate {facility.name}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
