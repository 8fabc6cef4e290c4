import { Badge, Button, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCalendarEvent, IconClock, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import type { EventDto } from "../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventPrices, formatEventShortDate } from "../../../domain/events";
import { formatTimeRange } from "../../../domain/venue-time";
import { EVENT_TYPE_COLORS } from "../../components/event-look";

/** SPEC §2 Events card: name, type and Private badges, date and time, "current / max", prices. */
export function EventCard({ event }: { event: EventDto }) {
  return (
    <Card withBorder shadow="xs" radius="md" padding="md" component="article" aria-label={event.name}>
      {event.photoUrl && (
        <Card.Section mb="sm">
          <Image src={event.photoUrl} alt="" h={140} fit="cover" />
        </Card.Section>
      )}
      <Stack gap={8} style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light">
            {EVENT_TYPE_LABELS[event.type]}
          </Badge>
          {event.isPrivate && (
            <Badge color="red" variant="filled">
              Private
            </Badge>
          )}
          {event.isFull && (
            <Badge color="gray" variant="outline">
              Event Full
            </Badge>
          )}
        </Group>
        {/* h2 under the page's h1 (Lighthouse heading-order); drawn at h4 size as before. */}
        <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
          {event.name}
        </Title>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm">{formatEventShortDate(event.date)}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm">{formatTimeRange(event.startTime, event.endTime)}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconUsers size={16} aria-hidden />
          {/* A paragraph may not carry aria-label (axe aria-prohibited-attr): the word is hidden text. */}
          <Text size="sm">
            {event.currentParticipants} / {event.maxParticipants}
            <VisuallyHidden> participants</VisuallyHidden>
          </Text>
        </Group>
        <Text fw={700}>{formatEventPrices(event.nonMemberPriceCents, event.memberPriceCents)}</Text>
      </Stack>
      <Button component={Link} to={`/events/${event.id}`} mt="md" fullWidth variant="light">
        See Details
      </Button>
      {event.joinWaitlist && (
        // Issue 15 §1: a full event's card offers the waitlist (the form is on the detail page).
        <Button
          component={Link}
          to={`/events/${event.id}#join-waitlist`}
          mt="xs"
          fullWidth
          aria-label={`Join Waitlist for ${event.name}`}
        >
          Join Waitlist
        </Button>
      )}
    </Card>
  );
}
