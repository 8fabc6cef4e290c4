import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { EventDetailResponse, RegistrationResponse } from "../../../contracts/events";
import { EVENT_TYPE_LABELS, formatEventLongDate, formatEventPrices } from "../../../domain/events";
import { formatTimeRange } from "../../../domain/venue-time";
import { EVENT_ART_SIZE, EVENT_TYPE_COLORS, eventPicture } from "../../components/event-look";
import { Skeleton } from "../../components/Skeleton";
import { ApiError } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { eventKeys } from "./api/event-keys";
import { useEvent } from "./api/get-event";
import { EventParticipants } from "./EventParticipants";
import classes from "./events.module.css";
import { cancelPendingNow, cancelScheduledLeave, scheduleLeaveCancel } from "./leave-cancel";
import { PaymentBox } from "./PaymentBox";
import {
  clearPendingRegistration,
  type PendingRegistration,
  readPendingRegistration,
  rememberedToken,
  rememberRegistration,
  savePendingRegistration,
} from "./pending-registration";
import { RegistrationForm } from "./RegistrationForm";
import { RegistrationReceipt } from "./RegistrationReceipt";
import { shareEvent } from "./share-event";
import { useCheckoutReturn } from "./use-checkout-return";
import { WaitlistJoin } from "./waitlist/WaitlistJoin";

const livePending = (eventId: string) => {
  const pending = readPendingRegistration(eventId);
  return pending && Date.parse(pending.holdExpiresAt) > Date.now() ? pending : null;
};

/** SPEC §2 Event detail; after registering, the registration's receipt (issue 34). */
export function EventDetailView({ eventId }: { eventId: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useEvent(eventId, user?.id ?? null);
  useDocumentTitle(query.data?.event.name);
  const [params, setParams] = useSearchParams();
  useCheckoutReturn(eventId);
  // /events/{id}?registration={rid}: the receipt of a registration this tab (or this account) made.
  const receiptId = params.has("checkout") ? null : params.get("registration");
  // Back from the checkout, the return decides; otherwise a reload brings the payment box back.
  const [pending, setPending] = useState<PendingRegistration | null>(() =>
    params.has("checkout") || receiptId ? null : livePending(eventId),
  );
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  useEffect(() => {
    cancelScheduledLeave();
    return () => scheduleLeaveCancel(pendingRef.current);
  }, []);

  const showReceipt = (registrationId: string, holdToken: string | null) => {
    if (holdToken) rememberRegistration({ registrationId, holdToken });
    setParams({ registration: registrationId }, { state: { announce: true } });
    window.scrollTo({ top: 0 });
  };

  const onRegistered = (registration: RegistrationResponse) => {
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    if (registration.status === "confirmed") {
      // SPEC §4 Event registration: a signed-in person goes to My Reservations; a guest has no
      // account there and reads the receipt here (docs/decisions/007).
      if (user) {
        notifySuccess("Registration confirmed!");
        navigate("/my-reservations");
      } else showReceipt(registration.registrationId, registration.holdToken);
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

  const announce = (location.state as { announce?: boolean } | null)?.announce === true;
  const receipt = receiptId ? (
    <RegistrationReceipt
      registrationId={receiptId}
      token={rememberedToken(receiptId)}
      context="checkout"
      announce={announce}
      signedIn={user !== null}
      notFound={
        <Alert color="blue" title="Thank you!" role="status">
          We're confirming your payment. You'll get an email as soon as your registration is confirmed.
        </Alert>
      }
    />
  ) : null;

  return (
    <Stack gap="md">
      <Box>
        <Button variant="subtle" px={4} onClick={backToEvents}>
          ← Back to Events
        </Button>
      </Box>
      {query.isPending && (
        <div className={classes.detailSkeleton} role="status" aria-label="Loading event">
          <Skeleton />
          <Skeleton />
        </div>
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
          receipt={receipt}
          aside={
            params.get("checkout") === "success" ? null : pending ? (
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

/**
 * The event and its registration column. With a receipt, the receipt takes the column's place and
 * comes first on a phone, so it is in view without scrolling (issue 34).
 */
function EventDetailBody({
  detail,
  aside,
  receipt,
}: {
  detail: EventDetailResponse;
  aside: React.ReactNode;
  receipt: React.ReactNode;
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
