import { Box, Group, ScrollArea, Text, UnstyledButton } from "@mantine/core";
import { dayOfWeek } from "../../../domain/venue-time";
import classes from "./events.module.css";

const DAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** SPEC §2 / §9: a horizontal strip of the next 30 days; selecting a day shows only its events. */
export function CalendarStrip({
  days,
  counts,
  selected,
  onSelect,
}: {
  days: string[];
  counts: Map<string, number>;
  selected: string | null;
  onSelect: (day: string | null) => void;
}) {
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <Group gap={8} wrap="nowrap" py={4} role="listbox" aria-label="Choose a day">
        {days.map((day) => {
          const [, m, d] = day.split("-").map(Number) as [number, number, number];
          const n = counts.get(day) ?? 0;
          const isSelected = selected === day;
          return (
            <UnstyledButton
              key={day}
              role="option"
              aria-selected={isSelected}
              aria-label={`${DAY[dayOfWeek(day)]} ${MONTH[m - 1]} ${d}, ${n} ${n === 1 ? "event" : "events"}`}
              className={classes.day}
              data-selected={isSelected || undefined}
              onClick={() => onSelect(isSelected ? null : day)}
            >
              <Text size="xs" fw={600} tt="uppercase">
                {DAY[dayOfWeek(day)]}
              </Text>
              <Text size="xl" fw={800} lh={1.1}>
                {d}
              </Text>
              <Text size="xs">{MONTH[m - 1]}</Text>
              <Box className={classes.dot} data-empty={n === 0 || undefined} aria-hidden />
            </UnstyledButton>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
