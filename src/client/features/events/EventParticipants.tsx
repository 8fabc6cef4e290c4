import { List, Stack, Text, Title } from "@mantine/core";
import type { Participant } from "../../../contracts/events";
import { participantLabel } from "../../../domain/events";

/** SPEC §2 Registered Participants (not shown at all when the event hides them). */
export function EventParticipants({ participants }: { participants: Participant[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Registered Participants
      </Title>
      {participants.length === 0 ? (
        <Text c="dimmed">No participants registered yet</Text>
      ) : (
        <List spacing={4} size="sm">
          {participants.map((p, i) => (
            // Names can repeat; the order is the server's (first registered first).
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id in the public view
            <List.Item key={i}>{participantLabel(p.customerName, p.players.join("\n"))}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
