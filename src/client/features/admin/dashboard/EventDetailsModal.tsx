import { Badge, Group, Modal, Stack, Text } from "@mantine/core";
import type { AdminEventBlock } from "../../../../contracts/admin";

/** SPEC §2 grid view: an event block opens a details modal with name, type, time and participants. */
export function EventDetailsModal({
  event: e,
  onClose,
}: {
  event: AdminEventBlock | null;
  onClose: () => void;
}) {
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
            <b>Courts:</b> {e.courts.map((c) => `Court ${c}`).join(", ")}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
