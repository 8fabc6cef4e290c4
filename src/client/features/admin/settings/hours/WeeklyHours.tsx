import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import type { OpeningHoursBody } from "../../../../../contracts/venue";
import { DAY_NAMES } from "../../../../../domain/venue-hours";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { errorMessage } from "../../../../lib/api";
import { notifySuccess } from "../../../../lib/notify";
import { useFormError } from "../../../../lib/use-form-error";
import { useOpeningHours, useSaveOpeningHours } from "../api/opening-hours";

const ORDER = [1, 2, 3, 4, 5, 6, 0]; // weeks start on Monday (SPEC §9)

/** Issue 31 item 2: each weekday open from–to, or closed all day. */
export function WeeklyHours() {
  const hours = useOpeningHours();
  const save = useSaveOpeningHours();
  const [draft, setDraft] = useState<OpeningHoursBody | null>(null);
  const { error, setError, fail } = useFormError();
  useEffect(() => {
    if (hours.data && !draft) setDraft(hours.data);
  }, [hours.data, draft]);
  if (hours.isError) {
    return (
      <LoadError
        message={errorMessage(hours.error, "Failed to load hours")}
        onRetry={hours.refetch}
        retrying={hours.isRefetching}
      />
    );
  }
  if (!draft) return <PageLoader />;
  const setDay = (dayOfWeek: number, change: Partial<OpeningHoursBody["days"][number]>) => {
    setError(null);
    setDraft({ days: draft.days.map((d) => (d.dayOfWeek === dayOfWeek ? { ...d, ...change } : d)) });
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-labelledby="weekly-hours"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft, {
          onSuccess: () => notifySuccess("Opening hours saved"),
          onError: (err) => fail(err, "Failed to save hours"),
        });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="weekly-hours">
          Opening hours
        </Title>
        {ORDER.map((dayOfWeek) => {
          const day = draft.days.find((d) => d.dayOfWeek === dayOfWeek);
          const name = DAY_NAMES[dayOfWeek] ?? "";
          if (!day) return null;
          return (
            <Group key={dayOfWeek} gap="sm" align="flex-end" wrap="wrap" data-testid="hours-row">
              <Text fw={700} w={100} pb={6}>
                {name}
              </Text>
              <TextInput
                type="time"
                label={`${name} opens`}
                value={day.opensAt}
                disabled={day.closed}
                onChange={(e) => setDay(dayOfWeek, { opensAt: e.currentTarget.value })}
                w={130}
              />
              <TextInput
                type="time"
                label={`${name} closes`}
                value={day.closesAt}
                disabled={day.closed}
                onChange={(e) => setDay(dayOfWeek, { closesAt: e.currentTarget.value })}
                w={130}
              />
              <Switch
                label="Closed all day"
                aria-label={`${name} closed all day`}
                checked={day.closed}
                onChange={(e) => setDay(dayOfWeek, { closed: e.currentTarget.checked })}
                pb={8}
              />
            </Group>
          );
        })}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Hours
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
