import { ActionIcon, Badge, Card, Group, Progress, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconEye, IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AdminEventDto as EventDto } from "../../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventCourtNames, formatEventLongDate } from "../../../../domain/events";
import { formatTimeRange } from "../../../../domain/venue-time";
import { EVENT_TYPE_COLORS } from "../../../components/event-look";
import { useSession } from "../../../lib/session";

type Actions = {
  editHref: (event: EventDto) => string;
  onView: (event: EventDto) => void;
  onDelete: (event: EventDto) => void;
};

/** SPEC §2 Admin events list table; on a phone each event is a card with the same facts. */
export function AdminEventsTable({ events, ...actions }: { events: EventDto[] } & Actions) {
  const narrow = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  if (events.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        No events found
      </Text>
    );
  }
  if (narrow) {
    return (
      <Stack gap="sm">
        {events.map((event) => (
          <Card
            key={event.id}
            withBorder
            radius="md"
            padding="sm"
            component="article"
            aria-label={event.name}
          >
            <Stack gap={6}>
              <EventName event={event} />
              <Text size="sm">{formatEventLongDate(event.date)}</Text>
              <Text size="sm" c="dimmed">
                {formatTimeRange(event.startTime, event.endTime)} · {formatEventCourtNames(event.courtNames)}
              </Text>
              <Registration event={event} />
              <Group justify="space-between">
                <StatusBadge event={event} />
                <RowActions event={event} {...actions} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>EVENT</Table.Th>
            <Table.Th>DATE &amp; TIME</Table.Th>
            <Table.Th>LOCATION</Table.Th>
            <Table.Th>REGISTRATION</Table.Th>
            <Table.Th>STATUS</Table.Th>
            <Table.Th>ACTIONS</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td maw={280}>
                <EventName event={event} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatEventLongDate(event.date)}</Text>
                <Text size="sm" c="dimmed">
                  {formatTimeRange(event.startTime, event.endTime)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatEventCourtNames(event.courtNames)}</Text>
              </Table.Td>
              <Table.Td miw={140}>
                <Registration event={event} />
              </Table.Td>
              <Table.Td miw={120}>
                <StatusBadge event={event} />
              </Table.Td>
              <Table.Td>
                <RowActions event={event} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EventName({ event }: { event: EventDto }) {
  return (
    <Stack gap={4}>
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {event.name}
      </Text>
      <Group gap={4}>
        <Badge size="sm" variant="light" color={EVENT_TYPE_COLORS[event.type]}>
          {EVENT_TYPE_LABELS[event.type]}
        </Badge>
        {event.isPrivate && (
          <Badge size="sm" color="red">
            Private
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function Registration({ event }: { event: EventDto }) {
  const percent = Math.min(100, Math.round((event.currentParticipants / event.maxParticipants) * 100));
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        color={event.isFull ? "red" : "teal"}
        aria-label={`${event.currentParticipants} of ${event.maxParticipants} registered`}
      />
      <Text size="xs" c="dimmed">
        {event.currentParticipants} / {event.maxParticipants}
      </Text>
    </Stack>
  );
}

function StatusBadge({ event }: { event: EventDto }) {
  return event.status === "upcoming" ? (
    <Badge color="green" variant="light" style={{ overflow: "visible" }}>
      Upcoming
    </Badge>
  ) : (
    <Badge color="gray" variant="light" style={{ overflow: "visible" }}>
      Completed
    </Badge>
  );
}

function RowActions({ event, editHref, onView, onDelete }: { event: EventDto } & Actions) {
  // Issue 33: the front desk sees an event's registrations; changing the event is a manager's.
  const manages = useSession().staffCan("manager");
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="View details">
        <ActionIcon
          variant="subtle"
          aria-label={`View details of ${event.name}`}
          onClick={() => onView(event)}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {manages && (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            component={Link}
            to={editHref(event)}
            aria-label={`Edit ${event.name}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {manages && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${event.name}`}
            onClick={() => onDelete(event)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
