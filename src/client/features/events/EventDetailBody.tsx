import { Badge, Button, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { EventDetailResponse } from "../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventLongDate, formatEventPrices } from "../../../domain/events";
import { formatTimeRange } from "../../../domain/venue-time";
import { EVENT_ART_SIZE, EVENT_TYPE_COLORS, eventPicture } from "../../components/event-look";
import { EventParticipants } from "./EventParticipants";
import classes from "./events.module.css";
import { shareEvent } from "./share-event";

/**
 * The event and its registration column. With a receipt, the receipt takes the column's place and
 * comes first on a phone, so it is in view without scrolling (issue 34).
 */
export function EventDetailBody({
  detail,
  aside,
  receipt,
}: {
  detail: EventDetailResponse;
  aside: ReactNode;
  receipt: ReactNode;
}) {
  const { event } = detail;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: receipt ? 2 : 1, md: 1 }}>
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack gap="md">
            <img
              className={classes.detailArt}
              src={eventPicture(event)}
              alt={event.photoUrl ? event.name : ""}
              {...EVENT_ART_SIZE}
            />
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={6}>
                <Group gap={6}>
                  <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light">
                    {EVENT_TYPE_LABELS[event.type]}
                  </Badge>
                  {event.isPrivate && <Badge color="red">Private</Badge>}
                  {event.isFull && (
                    <Badge color="red" variant="outline">
                      Event Full
                    </Badge>
                  )}
                </Group>
                <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
                  {event.name}
                </Title>
              </Stack>
              <Button
                variant="default"
                size="sm"
                style={{ flexShrink: 0 }}
                leftSection={<IconShare size={16} aria-hidden />}
                onClick={() => void shareEvent(event)}
              >
                Share
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Fact label="Date" value={formatEventLongDate(event.date)} />
              <Fact label="Time" value={formatTimeRange(event.startTime, event.endTime)} />
              <Fact label="Participants" value={`${event.currentParticipants} / ${event.maxParticipants}`} />
              <Fact
                label="Price"
                value={formatEventPrices(event.nonMemberPriceCents, event.memberPriceCents)}
              />
            </SimpleGrid>
            {event.description && (
              // Plain text, never markup: no script in an event's text can run (issue 5).
              <Text className={classes.description}>{event.description}</Text>
            )}
            {event.skillLevels.length > 0 && (
              <Stack gap={6}>
                <Title order={2} size="h4">
                  Skill Levels
                </Title>
                <Group gap={6}>
                  {event.skillLevels.map((level) => (
                    <Badge key={level} variant="outline" color="gray" size="lg" tt="none">
                      {level}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            {!event.hideParticipants && <EventParticipants participants={detail.participants} />}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: receipt ? 1 : 2, md: 2 }}>
        {receipt ?? (
          <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                Register
              </Title>
              {aside ?? (
                <Group gap="sm" justify="center" role="status">
                  <Loader size="sm" />
                  <Text>Confirming your payment...</Text>
                </Group>
              )}
            </Stack>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
