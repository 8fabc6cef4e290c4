import { Center, Loader, Overlay, Stack, Text } from "@mantine/core";

/** SPEC §2 Admin Dashboard overlays: "Creating reservation..." and "Refreshing data...". */
export function BusyOverlay({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Overlay color="#fff" backgroundOpacity={0.7} blur={1} zIndex={150} radius="md">
      <Center h="100%" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text fw={600}>{message}</Text>
        </Stack>
      </Center>
    </Overlay>
  );
}
