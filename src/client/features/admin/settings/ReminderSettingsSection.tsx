import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { ReminderSettingsBody } from "../../../../contracts/notifications";
import { LoadError } from "../../../components/LoadError";
import { PageLoader } from "../../../components/layout/AppLayout";
import { errorMessage } from "../../../lib/api";
import { notifySuccess } from "../../../lib/notify";
import { useFormError } from "../../../lib/use-form-error";
import { useReminderSettings } from "./api/get-reminder-settings";
import { useSaveReminderSettings } from "./api/save-reminder-settings";

/** The venue's reminder lead times (ISSUE 15 item 3; docs/decisions/023): a section of /admin/settings. */
export function ReminderSettingsSection() {
  const settings = useReminderSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError)
    return (
      <LoadError
        message={errorMessage(settings.error, "Failed to load settings")}
        onRetry={settings.refetch}
        retrying={settings.isRefetching}
      />
    );
  return <ReminderForm initial={settings.data} />;
}

function ReminderForm({ initial }: { initial: ReminderSettingsBody }) {
  const [lead, setLead] = useState<number | string>(initial.leadHours);
  const [withSecond, setWithSecond] = useState(initial.secondLeadHours !== null);
  const [second, setSecond] = useState<number | string>(initial.secondLeadHours ?? 2);
  const { error, setError, fail } = useFormError();
  const save = useSaveReminderSettings();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { leadHours: Number(lead), secondLeadHours: withSecond ? Number(second) : null },
      {
        onSuccess: () => {
          setError(null);
          notifySuccess("Settings saved");
        },
        onError: (err) => fail(err, "Failed to save settings"),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Booking reminders
          </Title>
          <Text size="sm" c="dimmed">
            Players get an email before each reservation and event registration, and a text message when they
            agreed to SMS reminders.{" "}
            {initial.smsProvider === "twilio"
              ? "Text messages are sent through Twilio."
              : "No SMS provider is configured: text messages are kept, not sent."}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <NumberInput
            label="First reminder, hours before the start"
            min={1}
            max={72}
            allowDecimal={false}
            value={lead}
            onChange={setLead}
          />
          <Checkbox
            label="Send a second reminder"
            checked={withSecond}
            onChange={(e) => setWithSecond(e.currentTarget.checked)}
          />
          {withSecond && (
            <NumberInput
              label="Second reminder, hours before the start"
              min={1}
              max={72}
              allowDecimal={false}
              value={second}
              onChange={setSecond}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
