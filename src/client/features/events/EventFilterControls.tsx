import { Chip, Group, Stack, Text } from "@mantine/core";
import { type EventFilters, RANGE_CHIPS, TYPE_CHIPS, toggleType } from "./event-filters";

/** SPEC §2: the date-range chips (one at a time) and the type chips (a second click deselects). */
export function EventFilterControls({
  filters,
  onChange,
}: {
  filters: EventFilters;
  onChange: (next: EventFilters) => void;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600} mb={6} id="date-range-label">
          Date
        </Text>
        <Group gap={8} role="group" aria-labelledby="date-range-label">
          {RANGE_CHIPS.map((chip) => (
            <Chip
              key={chip.value}
              size="sm"
              checked={filters.range === chip.value}
              onChange={() => onChange({ ...filters, range: chip.value })}
            >
              {chip.label}
            </Chip>
          ))}
        </Group>
      </div>
      <div>
        <Text size="sm" fw={600} mb={6} id="event-type-label">
          Event type
        </Text>
        <Group gap={8} role="group" aria-labelledby="event-type-label">
          {TYPE_CHIPS.map((type) => (
            <Chip
              key={type.value}
              size="sm"
              variant="outline"
              checked={filters.type === type.value}
              onChange={() => onChange({ ...filters, type: toggleType(filters.type, type.value) })}
            >
              {type.label}
            </Chip>
          ))}
        </Group>
      </div>
    </Stack>
  );
}
