import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { EventDetailResponse, RegistrationResponse } from "../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventLongDate, formatEventPrices } from "../../../domain/events";
import { formatTimeRange } from "../../../domain/venue-time";
import { EVENT_TYPE_COLORS } from "../../components/event-look";
import { ApiError } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { EventParticipants } from "./EventParticipants";
import classes from "./events.module.css";
import { eventKeys, fetchEvent } from "./events-api";
import { cancelPendingNow, cancelScheduledLeave, scheduleLeaveCancel } from "./leave-cancel";
import { PaymentBox } from "./PaymentBox";
import {
  clearPendingRegistration,
  type PendingRegistration,
  readPendingRegistration,
  savePendingRegistration,
} from "./pending-registration";
import { RegistrationDone } from "./RegistrationDone";
import { RegistrationForm } from "./RegistrationForm";
import { shareEvent } from "./share-event";
import { useCheckoutReturn } from "./use-checkout-return";
import { WaitlistJoin } from "./waitlist/WaitlistJoin";

const livePending = (eventId: string) => {
  const pending = readPendingRegistration(eventId);
  return pending && Date.parse(pending.holdExpiresAt) > Date.now() ? pending : null;
};

/** SPEC §2 Event detail. */
export function EventDetailView({ eventId }: { eventId: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: eventKeys.detail(eventId, user?.id ?? null),
    queryFn: ({ signal }) => fetchEvent(eventId, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  const [params] = useSearchParams();
  const returned = useCheckoutReturn(eventId);
  // Back from the checkout, the return decides; otherwise a reload brings the payment box back.
  const [pending, setPending] = useState<PendingRegistration | null>(() =>
    params.has("checkout") ? null : livePending(eventId),
  );
  const [done, setDone] = useState<{ email: string } | null>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  useEffect(() => {
    cancelScheduledLeave();
    return () => scheduleLeaveCancel(pendingRef.current);
  }, []);

  const onRegistered = (registration: RegistrationResponse, email: string) => {
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    if (registration.status === "confirmed") {
      notifySuccess("Registration confirmed!");
      if (user) navigate("/my-reservations");
      else setDone({ email });
      return;
    }
    const { holdToken, holdExpiresAt } = registration;
    // A pending registration always comes with its hold (src/contracts/events.ts); none, nothing to pay.
    if (holdToken === null || holdExpiresAt === null) return;
    const next: PendingRegistration = {
      registrationId: registration.registrationId,
      eventId,
      holdToken,
      holdExpiresAt,
      priceCents: registration.priceCents,
    };
    savePendingRegistration(next);
    setPending(next);
  };

  const backToEvents = async () => {
    const current = pendingRef.current;
    setPending(null);
    await cancelPendingNow(current);
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    navigate("/events");
  };

  const onExpired = () => {
    clearPendingRegistration();
    setPending(null);
    notifyError("Registration time expired");
  };

  return (
    <Stack gap="md">
      <Box>
        <Button variant="subtle" px={4} onClick={backToEvents}>
          ← Back to Events
        </Button>
      </Box>
      {query.isPending && (
        <Center py={64}>
          <Loader role="status" aria-label="Loading event" />
        </Center>
      )}
      {query.isError &&
        (query.error instanceof ApiError && query.error.status === 404 ? (
          <Alert color="gray" title="Event not found">
            This event does not exist or is no longer available.
          </Alert>
        ) : (
          <Alert color="red" title="Failed to load events">
            <Button mt="sm" variant="light" color="red" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Alert>
        ))}
      {query.data && (
        <EventDetailBody
          detail={query.data}
          aside={
            done ? (
              <RegistrationDone kind="confirmed" email={done.email} />
            ) : returned.kind === "checking" ? (
              <Paper withBorder radius="md" p="lg" role="status">
                <Group gap="sm" justify="center">
                  <Loader size="sm" />
                  <Text>Confirming your payment...</Text>
                </Group>
              </Paper>
            ) : returned.kind === "confirmed" ||
              returned.kind === "refunded" ||
              returned.kind === "unknown" ? (
              <RegistrationDone kind={returned.kind} />
            ) : pending ? (
              <PaymentBox pending={pending} onExpired={onExpired} />
            ) : query.data.canJoinWaitlist ? (
              <WaitlistJoin event={query.data.event} viewerPriceCents={query.data.viewerPriceCents} />
            ) : query.data.canRegister ? (
              <RegistrationForm
                event={query.data.event}
                viewerPriceCents={query.data.viewerPriceCents}
                onRegistered={onRegistered}
              />
            ) : (
              <Alert
                color="gray"
                title={query.data.event.status === "completed" ? "This event has ended" : "Event Full"}
              >
                {query.data.event.status === "completed"
                  ? "Registration is closed."
                  : "All places are taken. Check back later in case a place opens up."}
              </Alert>
            )
          }
        />
      )}
    </Stack>
  );
}

function EventDetailBody({ detail, aside }: { detail: EventDetailResponse; aside: React.ReactNode }) {
  const { event } = detail;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack gap="md">
            {event.photoUrl && (
              <Image src={event.photoUrl} alt={event.name} radius="md" mah={320} fit="cover" />
            )}
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
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Register
            </Title>
            {aside}
          </Stack>
        </Paper>
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
