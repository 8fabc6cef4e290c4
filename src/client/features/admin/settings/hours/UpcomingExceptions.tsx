import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { formatVenueDateShort } from "../../../../../domain/booking-form";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useScheduleExceptions } from "../api/get-schedule-exceptions";
import { useRemoveScheduleException } from "../api/remove-schedule-exception";
import type { ExceptionKind } from "./exception-form";

const dates = (from: string, to: string) =>
  from === to ? formatVenueDateShort(from) : `${formatVenueDateShort(from)} – ${formatVenueDateShort(to)}`;

/** The special days and closures to come, each with its Remove button. */
export function UpcomingExceptions() {
  const list = useScheduleExceptions();
  const remove = useRemoveScheduleException();
  if (list.isError) {
    return (
      <LoadError
        message={errorMessage(list.error, "Failed to load closures")}
        onRetry={list.refetch}
        retrying={list.isRefetching}
      />
    );
  }
  if (!list.data) return <PageLoader />;
  const confirmRemove = (kind: ExceptionKind, id: string, label: string) =>
    modals.openConfirmModal({
      title: "Remove it?",
      children: (
        <Text size="sm">
          {label}: the time becomes bookable again. Bookings cancelled for it stay cancelled.
        </Text>
      ),
      labels: { confirm: "Remove", cancel: "Keep It" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { kind, id },
          {
            onSuccess: () => notifySuccess(`Removed: ${label}`),
            onError: (err) => notifyError(errorMessage(err, "Failed to remove")),
          },
        ),
    });
  const { specialDays, closures } = list.data;
  if (specialDays.length === 0 && closures.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No special days or closures to come.
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {specialDays.map((d) => (
        <ExceptionRow
          key={d.id}
          label={d.reason}
          when={`${dates(d.startsOn, d.endsOn)} · ${d.hours === "Closed" ? "Closed all day" : d.hours}`}
          onRemove={() => confirmRemove("special_day", d.id, d.reason)}
        />
      ))}
      {closures.map((c) => {
        const label = `${c.facilities} closed: ${c.reason}`;
        return (
          <ExceptionRow
            key={c.id}
            label={label}
            when={c.when}
            onRemove={() => confirmRemove("closure", c.id, label)}
          />
        );
      })}
    </Stack>
  );
}

function ExceptionRow({ label, when, onRemove }: { label: string; when: string; onRemove: () => void }) {
  return (
    <Paper withBorder p="xs" radius="sm" component="li" data-testid="exception-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Text size="sm">{when}</Text>
        </Stack>
        <Button size="xs" variant="default" aria-label={`Remove ${label}`} onClick={onRemove}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}
