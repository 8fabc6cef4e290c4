import { Divider, Paper, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useId } from "react";
import { LoadError } from "../../components/LoadError";
import { errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useReminderPreference } from "./api/get-reminder-preference";
import { useSetReminderPreference } from "./api/set-reminder-preference";

/** Booking reminders on or off (ISSUE 15 item 3; docs/decisions/023). */
export function RemindersSection() {
  const preference = useReminderPreference();
  const save = useSetReminderPreference();
  const descriptionId = useId();
  const toggle = (enabled: boolean) =>
    save.mutate(
      { enabled },
      {
        onSuccess: () => notifySuccess(enabled ? "Reminders turned on" : "Reminders turned off"),
        onError: (err) => notifyError(errorMessage(err, "Failed to update reminders")),
      },
    );
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4">
        Reminders
      </Title>
      <Divider my="sm" />
      {preference.data ? (
        // The explanation sits beside the switch, not in its label, so the switch's name stays short.
        <Stack gap={4}>
          <Switch
            label="Booking reminders"
            aria-describedby={descriptionId}
            checked={preference.data.enabled}
            disabled={save.isPending}
            onChange={(e) => toggle(e.currentTarget.checked)}
          />
          <Text id={descriptionId} size="sm" c="dimmed">
            An email before each reservation and event, and a text message when you gave a phone number and
            agreed to SMS reminders.
          </Text>
        </Stack>
      ) : preference.isError ? (
        <LoadError
          message="Failed to load your reminder setting"
          onRetry={preference.refetch}
          retrying={preference.isRefetching}
        />
      ) : (
        <Skeleton height={40} />
      )}
    </Paper>
  );
}
