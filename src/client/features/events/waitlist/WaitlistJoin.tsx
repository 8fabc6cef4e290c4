import { Alert, Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { EventDto } from "../../../../contracts/events";
import type { JoinWaitlistResponse } from "../../../../contracts/waitlist";
import { notifySuccess } from "../../../lib/notify";
import { eventKeys } from "../api/event-keys";
import { RegistrationForm } from "../RegistrationForm";

/** Issue 15 §1: a full event offers "Join Waitlist" with the registration form's fields. */
export function WaitlistJoin({ event, viewerPriceCents }: { event: EventDto; viewerPriceCents: number }) {
  const queryClient = useQueryClient();
  const [joined, setJoined] = useState<(JoinWaitlistResponse & { email: string }) | null>(null);
  if (joined) {
    return (
      <Alert color="teal" title="You're on the waitlist" role="status">
        <Stack gap={6}>
          <Text size="sm">
            You are number {joined.position} in line. When a place frees we'll email {joined.email} an offer
            that holds it for you.
          </Text>
          <Anchor
            component={Link}
            to={`/waitlist/${joined.entryId}?token=${encodeURIComponent(joined.token)}`}
          >
            See your place in line
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" id="join-waitlist">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Event Full — Join Waitlist
        </Title>
        <Text size="sm" c="dimmed">
          All places are taken. Join the waitlist and we'll offer you the next place that frees.
        </Text>
        <RegistrationForm
          event={event}
          viewerPriceCents={viewerPriceCents}
          onJoinedWaitlist={(entry, email) => {
            notifySuccess("You're on the waitlist");
            void queryClient.invalidateQueries({ queryKey: eventKeys.all });
            setJoined({ ...entry, email });
          }}
        />
      </Stack>
    </Paper>
  );
}
