import { Checkbox, Group, List, NumberInput, Paper, Select, Stack, Text } from "@mantine/core";
import { formatEventLongDate, MAX_RECURRENCE_COUNT, MIN_RECURRENCE_COUNT } from "../../../../domain/events";
import { type EventFormState, recurringPreview } from "./event-form-state";

/** SPEC §2 "Recurring Event": Frequency, Number of Occurrences (2–12) and the "Recurring Dates:" preview. */
export function RecurrenceFields({
  state,
  onChange,
}: {
  state: EventFormState;
  onChange: (patch: Partial<EventFormState>) => void;
}) {
  const dates = recurringPreview(state);
  return (
    <Stack gap="xs">
      <Checkbox
        label="Recurring Event"
        checked={state.isRecurring}
        onChange={(e) => onChange({ isRecurring: e.currentTarget.checked })}
      />
      {state.isRecurring && (
        <Paper withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Group grow align="flex-start">
              <Select
                label="Frequency"
                data={[
                  { value: "weekly", label: "Weekly" },
                  { value: "monthly", label: "Monthly" },
                ]}
                value={state.frequency}
                onChange={(v) => onChange({ frequency: (v ?? "weekly") as "weekly" | "monthly" })}
                allowDeselect={false}
              />
              <NumberInput
                label="Number of Occurrences"
                min={MIN_RECURRENCE_COUNT}
                max={MAX_RECURRENCE_COUNT}
                allowDecimal={false}
                value={state.occurrences}
                onChange={(v) => onChange({ occurrences: v })}
              />
            </Group>
            <Text size="sm" fw={600}>
              Recurring Dates:
            </Text>
            {dates.length === 0 ? (
              <Text size="sm" c="dimmed">
                Choose a date and 2–12 occurrences.
              </Text>
            ) : (
              <List size="sm" spacing={2} aria-label="Recurring Dates">
                {dates.map((d) => (
                  <List.Item key={d}>{formatEventLongDate(d)}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
