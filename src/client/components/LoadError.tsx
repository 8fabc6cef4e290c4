import { Button, Group, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Notice } from "./Notice";

/**
 * A load that failed, said where its content would be, with a way to try again (issue 14: Retry on
 * every failed load). `onRetry` refetches the query; the button spins while it runs.
 */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  title,
}: {
  message: ReactNode;
  onRetry: () => unknown;
  retrying?: boolean;
  title?: string;
}) {
  return (
    <Notice color="red" title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 160 }}>
          {message}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={retrying}
          onClick={() => void onRetry()}
        >
          Retry
        </Button>
      </Group>
    </Notice>
  );
}
