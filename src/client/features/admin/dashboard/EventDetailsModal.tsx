import { Badge, Group, Modal, Stack, Text } from "@mantine/core";
import type { AdminEventBlock } from "../../../../contracts/admin";

/** SPEC §2 grid view: an event block opens a details modal with name, type, time and participants. */
export function EventDetailsModal({
  event: e,
  courtNames,
  onClose,
}: {
  event: AdminEventBlock | null;
  /** The day's courts (issue 31: staff name them); an id without a name reads "Court N". */
  courtNames: ReadonlyArray<{ id: number; name: string }>;
  onClose: () => void;
}) {
  const nameOf = (id: number) => courtNames.find((c) => c.id === id)?.name ?? `Court ${id}`;
  return (
    <Modal opened={e !== null} onClose={onClose} title="Event Details" centered>
      {e && (
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={700} size="lg">
              {e.name}
            </Text>
            {e.isPrivate && <Badge color="gray">Private</Badge>}
          </Group>
          <Text size="sm">
            <b>Type:</b> {e.typeLabel}
          </Text>
          <Text size="sm">
            <b>Time:</b> {e.displayTime}
          </Text>
          <Text size="sm">
            <b>Participants:</b> {e.participants} / {e.maxParticipants}
          </Text>
          <Text size="sm">
            <b>Courts:</b> {e.courts.map(nameOf).join(", ")}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
