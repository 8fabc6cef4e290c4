import { Paper, Stack, Title } from "@mantine/core";
import { AddException } from "./AddException";
import { UpcomingExceptions } from "./UpcomingExceptions";

/**
 * Issue 31 item 3: special days (other hours, or closed, for the whole venue) and closures of
 * courts or bays, with the reason players see; the impact is shown before anything is saved.
 */
export function ScheduleExceptions() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exceptions">
      <Stack gap="md">
        <Title order={3} size="h4" id="exceptions">
          Special days and closures
        </Title>
        <UpcomingExceptions />
        <AddException />
      </Stack>
    </Paper>
  );
}
