import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCalendarEvent, IconClock, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import type { EventDto } from "../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventPrices, formatEventShortDate } from "../../../domain/events";
import { formatTimeRange } from "../../../domain/venue-time";
import { EVENT_ART_SIZE, EVENT_TYPE_COLORS, eventPicture } from "../../components/event-look";
import classes from "./events.module.css";

/** SPEC §2 Events card: name, type and Private badges, date and time, "current / max", prices. */
export function EventCard({ event, eager = false }: { event: EventDto; eager?: boolean }) {
  return (
    <Card withBorder shadow="xs" radius="md" padding="md" component="article" aria-label={event.name}>
      <Card.Section mb="sm">
        {/* The photo (or the type's picture), decorative: the card's heading names the event.
            Cards below the first row load as they come near the screen. */}
        <img
          className={classes.cardArt}
          src={eventPicture(event)}
          alt=""
          {...EVENT_ART_SIZE}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      </Card.Section>
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
        {/* h2 under the page's h1 (Lighthouse heading-order), drawn at the scale's h3 size. */}
        <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
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
