import { Group, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { MyEventRegistration } from "../../../contracts/membership";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { EVENT_TYPE_LABELS, type EventType } from "../../../domain/events";
import { calendarUrl } from "./api/calendar-url";
import { CalendarLink } from "./CalendarLink";
import classes from "./membership.module.css";
import { StatusBadge } from "./StatusBadge";

/** SPEC §2 My Reservations: event cards link to /events/{id}. */
export function EventRegistrationCard({ registration: r }: { registration: MyEventRegistration }) {
  const when = `${formatVenueDateShort(r.date)} · ${r.displayTime}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="registration-card">
      <Stack gap={6}>
        <Link to={`/events/${r.eventId}`} className={classes.cardLink}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} className={classes.cardTitle} c="blue.8">
              {r.eventName}
            </Text>
            <StatusBadge status={r.status} />
          </Group>
          <Text size="sm" mt={6}>
            {when}
          </Text>
        </Link>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {EVENT_TYPE_LABELS[r.eventType as EventType] ?? r.eventType}
          </Text>
          <CalendarLink href={calendarUrl("registration", r.id)} label={`${r.eventName} ${when}`} />
        </Group>
      </Stack>
    </Paper>
  );
}
