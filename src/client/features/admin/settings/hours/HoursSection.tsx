import { Stack } from "@mantine/core";
import { ScheduleExceptions } from "./ScheduleExceptions";
import { WeeklyHours } from "./WeeklyHours";

/**
 * Settings › Hours (issue 31 items 2 and 3): the weekly opening hours, special days and closures.
 * The footer, the booking screen, the dashboard's grid and its edit dialog follow them.
 */
export default function HoursSection() {
  return (
    <Stack gap="md">
      <WeeklyHours />
      <ScheduleExceptions />
    </Stack>
  );
}
