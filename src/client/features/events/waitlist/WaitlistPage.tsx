import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { WaitlistEntryResponse } from "../../../../contracts/waitlist";
import { formatEventLongDate } from "../../../../domain/events";
import { formatCents } from "../../../../domain/money";
import { formatTimeRange } from "../../../../domain/venue-time";
import { formatOfferEnd } from "../../../../domain/waitlist";
import { errorMessage } from "../../../lib/api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { eventKeys } from "../api/event-keys";
import { savePendingRegistration } from "../pending-registration";
import { useAcceptOffer } from "./accept-offer";
import { useLeaveWaitlist } from "./leave-waitlist";
import { useWaitlistEntry } from "./waitlist-entry";

const offerUntil = (iso: string) => formatOfferEnd(new Date(iso));

/** Issue 15 §1: the link from the waitlist emails: where I stand, the offer to accept or decline, leaving. */
export default function WaitlistPage() {
  const { entryId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const query = useWaitlistEntry(entryId, token);
  return (
    <Box maw={560} mx="auto" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          Event Waitlist
        </Title>
        {query.isPending && (
          <Center py={48}>
            <Loader role="status" aria-label="Loading your waitlist place" />
          </Center>
        )}
        {query.isError && (
          <Alert color="red" title="This link does not work">
            {errorMessage(query.error, "Waitlist entry not found")}
          </Alert>
        )}
        {query.data && <EntryCard entry={query.data} entryId={entryId} token={token} />}
      </Stack>
    </Box>
  );
}

function EntryCard({
  entry,
  entryId,
  token,
}: {
  entry: WaitlistEntryResponse;
  entryId: string;
  token: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptOffer(entryId, token);
  const leave = useLeaveWaitlist(entryId, token);
  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (registration) => {
        void queryClient.invalidateQueries({ queryKey: eventKeys.all });
        if (registration.status === "confirmed") {
          notifySuccess("Registration confirmed!");
          return;
        }
        if (registration.holdToken === null || registration.holdExpiresAt === null) return;
        // The event page's payment box takes it from here, holding the offered place.
        savePendingRegistration({
          registrationId: registration.registrationId,
          eventId: registration.eventId,
          holdToken: registration.holdToken,
          holdExpiresAt: registration.holdExpiresAt,
          priceCents: registration.priceCents,
        });
        navigate(`/events/${registration.eventId}`);
      },
      onError: (err) => notifyError(errorMessage(err, "Failed to accept the offer")),
    });
  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: (after) =>
        notifySuccess(after.status === "declined" ? "Offer declined" : "You have left the waitlist"),
      onError: (err) => notifyError(errorMessage(err, "Failed to leave the waitlist")),
    });
  const free = entry.priceCents === 0;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
          {entry.eventName}
        </Title>
        <Text>
          {formatEventLongDate(entry.date)} · {formatTimeRange(entry.startTime, entry.endTime)}
        </Text>
        {entry.canAccept && entry.offerExpiresAt && (
          <Alert color="teal" title="A place is yours" role="status">
            We're holding a place for you until {offerUntil(entry.offerExpiresAt)}.
            {free ? " It's free for you." : ` Your price: ${formatCents(entry.priceCents)}.`}
          </Alert>
        )}
        {entry.status === "waiting" && (
          <Text>
            You are number <strong>{entry.position}</strong> in line. We'll email you when a place frees.
          </Text>
        )}
        {entry.status === "offered" && !entry.canAccept && (
          <Text>A place is on offer to you: open the link in the offer email to accept it.</Text>
        )}
        {entry.status === "accepted" && (
          <Alert color="teal" title="You took the place">
            {free
              ? "You're registered. See you there!"
              : "Complete your payment on the event page to confirm it."}
          </Alert>
        )}
        {entry.status === "lapsed" && (
          <Alert color="gray" title="This offer has lapsed">
            The place has passed to the next person on the waitlist.
          </Alert>
        )}
        {entry.status === "declined" && (
          <Alert color="gray">You declined the offer; the place went to the next person.</Alert>
        )}
        {entry.status === "left" && <Alert color="gray">You have left the waitlist.</Alert>}
        {entry.status === "closed" && <Alert color="gray">This event has ended.</Alert>}
        <Group gap="sm" grow>
          {entry.canAccept && (
            <Button size="md" onClick={onAccept} loading={accept.isPending}>
              {free ? "Accept and Register" : "Accept and Pay"}
            </Button>
          )}
          {(entry.status === "waiting" || entry.canAccept) && (
            <Button size="md" variant="default" onClick={onLeave} loading={leave.isPending}>
              {entry.canAccept ? "Decline" : "Leave Waitlist"}
            </Button>
          )}
        </Group>
        <Button component={Link} to={`/events/${entry.eventId}`} variant="subtle">
          See the event
        </Button>
      </Stack>
    </Paper>
  );
}
